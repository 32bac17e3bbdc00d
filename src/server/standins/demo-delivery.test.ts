import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { STANDIN_OAUTH_CLIENT } from '../config.js'
import { GoogleOAuth, standInEndpoints } from '../features/auth/google.js'
import { freePort } from '../test/free-port.js'
import { chooseAccount } from '../test/google-sign-in.js'
import { addressedTo, localRecipients, withoutBcc } from './demo-delivery.js'
import { startGoogleStandIn, type GoogleStandIn } from './google.js'

const REDIRECT_URI = 'http://localhost:3999/api/auth/google/callback'
const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' }
const GRACE = { email: 'grace@example.com', name: 'Grace Hopper' }
const LINUS = { email: 'linus@example.com', name: 'Linus Torvalds' }

const running: GoogleStandIn[] = []
afterEach(async () => {
  for (const standIn of running.splice(0)) await standIn.close()
})

async function start(memoryDir: string, delivered: string[] = []) {
  const standIn = await startGoogleStandIn({
    memoryDir,
    port: await freePort(),
    redirectUris: [REDIRECT_URI],
    users: [ADA, GRACE, LINUS],
    withMailbox: true,
    threadsPerUser: 3,
    onDelivered: (email) => delivered.push(email),
  })
  running.push(standIn)
  return standIn
}

async function tokenFor(standIn: GoogleStandIn, email: string): Promise<string> {
  const google = new GoogleOAuth({
    ...STANDIN_OAUTH_CLIENT,
    redirectUri: REDIRECT_URI,
    endpoints: standInEndpoints(standIn.url),
  })
  const pkce = await google.createPkce()
  const back = await chooseAccount(
    google.authorizationUrl('state', pkce.challenge, { consent: true }),
    email,
  )
  return (await google.exchangeCode(back.searchParams.get('code')!, pkce.verifier)).accessToken
}

async function gmail(standIn: GoogleStandIn, token: string, path: string, body?: unknown) {
  const answer = await fetch(`${standIn.url}/gmail/v1/users/me/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  })
  expect(answer.status, path).toBe(200)
  return answer.json()
}

/** The Inbox messages of the mailbox with `subject`: their labels and raw text. */
async function inboxWith(standIn: GoogleStandIn, token: string, subject: string) {
  const list = await gmail(standIn, token, 'messages?labelIds=INBOX&maxResults=500')
  const found = []
  for (const { id } of list.messages ?? []) {
    const message = await gmail(standIn, token, `messages/${id}?format=raw`)
    if (!Buffer.from(message.raw, 'base64url').toString('utf8').includes(`Subject: ${subject}`)) {
      continue
    }
    found.push({
      id: message.id as string,
      labelIds: message.labelIds as string[],
      text: Buffer.from(message.raw, 'base64url').toString('utf8'),
    })
  }
  return found
}

function mime(headers: string, body = 'Are you free on Thursday?') {
  return Buffer.from(
    `${headers}\r\nSubject: Lunch on Thursday\r\nMessage-ID: <lunch-1@ada.example>\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  ).toString('base64url')
}

describe('mail between the stand-in accounts', () => {
  it('arrives in each recipient Inbox unread, Bcc unseen, and is still there after a restart', async () => {
    const memoryDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-delivery-'))
    onTestFinished(() => rm(memoryDir, { recursive: true, force: true }))
    const delivered: string[] = []
    const first = await start(memoryDir, delivered)
    const ada = await tokenFor(first, ADA.email)
    const grace = await tokenFor(first, GRACE.email)
    const linus = await tokenFor(first, LINUS.email)
    const graceHistory = (
      await gmail(first, grace, 'messages?maxResults=1').then(({ messages }) =>
        gmail(first, grace, `messages/${messages[0].id}?format=minimal`),
      )
    ).historyId as string

    await gmail(first, ada, 'messages/send', {
      raw: mime(
        'From: Ada Lovelace <ada@example.com>\r\nTo: "Hopper, Grace" <Grace@Example.com>, someone@else.example\r\n' +
          'Bcc: linus@example.com',
      ),
    })

    expect(delivered.sort()).toEqual([GRACE.email, LINUS.email])
    const [received] = await inboxWith(first, grace, 'Lunch on Thursday')
    expect(received?.labelIds).toEqual(expect.arrayContaining(['INBOX', 'UNREAD']))
    expect(received?.text).toContain('Are you free on Thursday?')
    expect(received?.text).not.toMatch(/^bcc:/im)
    expect(await inboxWith(first, linus, 'Lunch on Thursday')).toHaveLength(1)
    // The sender keeps one copy, in Sent, not another in the Inbox.
    expect(await inboxWith(first, ada, 'Lunch on Thursday')).toEqual([])
    // Gmail's history has it, which is what an incremental sync reads.
    const history = await gmail(first, grace, `history?startHistoryId=${graceHistory}`)
    const added = (history.history ?? []).flatMap(
      (h: { messagesAdded?: { message: { id: string } }[] }) =>
        (h.messagesAdded ?? []).map((a) => a.message.id),
    )
    expect(added).toContain(received?.id)
    await first.close()

    // The journal makes the delivery again on the next start, once.
    const second = await start(memoryDir)
    const graceAgain = await tokenFor(second, GRACE.email)
    const after = await inboxWith(second, graceAgain, 'Lunch on Thursday')
    expect(after).toHaveLength(1)
    expect(after[0]?.labelIds).toEqual(expect.arrayContaining(['INBOX', 'UNREAD']))
  })
})

describe('who a message reaches', () => {
  const message =
    'From: Ada <ada@example.com>\r\nTo: =?UTF-8?Q?Gr=C3=A1ce?= <grace@example.com>,\r\n bob@x.example\r\n' +
    'Cc: ada@example.com\r\nBCC: Linus@Example.com\r\nSubject: to: nobody@x.example\r\n\r\nTo: body@x.example\r\n'

  it('reads To, Cc and Bcc, folded lines included, and not the subject or the body', () => {
    expect(addressedTo(message).sort()).toEqual([
      'ada@example.com',
      'bob@x.example',
      'grace@example.com',
      'linus@example.com',
    ])
  })

  it('delivers only to the stand-in accounts named, never back to the sender', () => {
    const accounts = [ADA.email, GRACE.email, LINUS.email]
    expect(localRecipients(message, 'Ada@example.com', accounts).sort()).toEqual([
      GRACE.email,
      LINUS.email,
    ])
  })

  it('strips the Bcc header and keeps the rest', () => {
    const stripped = withoutBcc(message)
    expect(stripped).not.toMatch(/linus/i)
    expect(stripped).toContain('Cc: ada@example.com\r\nSubject: to: nobody@x.example\r\n\r\n')
  })
})
