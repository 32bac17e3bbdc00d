import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { emailThreads, mailboxVersions, mailLabelCounts, users } from '../../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { startFaultProxy } from '../../../test/fault-proxy.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

const ADA = 'ada@example.com'
type Row = { id: string; subject: string; snippet: string; body?: string; textBody?: string }

/** A message put straight into the user's Gmail (the app learns of it by syncing). */
async function insertIntoGmail(
  gmail: StandInGmail,
  m: { from: string; to: string; subject: string; text: string; labels: string[] },
) {
  const raw = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@elsewhere.io>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    m.text,
  ].join('\r\n')
  return gmail<{ id: string; threadId: string }>('messages', {
    method: 'POST',
    body: JSON.stringify({ raw: Buffer.from(raw).toString('base64url'), labelIds: m.labels }),
  })
}

describe('searching the mailbox and listing it fast', () => {
  let h: Harness
  let session: string
  let gmail: StandInGmail
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ url, headers, cookies: { inkwell_session: session } })
  /** An instant search, as the inbox's search box makes it: within one label, the cache only. */
  const search = async (q: string, label = 'INBOX') => {
    const query = new URLSearchParams({ scope: 'label', label, q })
    const response = await get(`/api/gmail/threads?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().threads as Row[]).map((t) => t.subject).sort()
  }
  const ids = {} as Record<'zed' | 'yara' | 'sent', string>

  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
    session = (await signIn(h, ADA)).session!
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
    expect((await get('/api/gmail/threads?limit=1')).statusCode).toBe(200)
    // A word only after the 500th character: the old list carried 500 and searched those.
    const long = `${'Plain words of an ordinary letter. '.repeat(30)}The word zanzibarite comes late.`
    ids.zed = (
      await insertIntoGmail(gmail, {
        from: 'Zed Quill <zed@elsewhere.io>',
        to: 'Ada Lovelace <ada@example.com>',
        subject: 'Minerals from the coast',
        text: long,
        labels: ['INBOX', 'UNREAD'],
      })
    ).threadId
    ids.yara = (
      await insertIntoGmail(gmail, {
        from: 'Yara Moss <yara@elsewhere.io>',
        to: 'Ada Lovelace <ada@example.com>, Team <team@elsewhere.io>',
        subject: 'Quarterly kayak report',
        text: 'The kayaking season went well.',
        labels: ['INBOX', 'STARRED'],
      })
    ).threadId
    const sent = await h.call(session, 'POST', '/api/gmail/send', {
      to: 'grace@example.com',
      subject: 'Plans with attachment',
      body: 'See the plan attached, zanzibarite aside.',
      attachments: [
        { filename: 'plan.txt', mimeType: 'text/plain', contentBase64: btoa('the plan') },
      ],
    })
    ids.sent = sent.json().threadId
    expect((await h.sync(session)).statusCode).toBe(200)
  })
  afterAll(async () => h?.close())

  it('finds a word anywhere in a body, past the first 500 characters, and word prefixes', async () => {
    expect(await search('zanzibarite')).toEqual(['Minerals from the coast'])
    expect(await search('ZANZIBAR')).toEqual(['Minerals from the coast'])
    expect(await search('zanzibarite', 'SENT')).toEqual(['Plans with attachment'])
    expect(await search('zanzibarite kayak')).toEqual([])
    expect(await search('"kayaking season"')).toEqual(['Quarterly kayak report'])
    expect(await search('"season kayaking"')).toEqual([])
  })

  it("understands Gmail's operators, quoted values and negation", async () => {
    expect(await search('from:zed')).toEqual(['Minerals from the coast'])
    expect(await search('from:"Yara Moss"')).toEqual(['Quarterly kayak report'])
    expect(await search('to:team@elsewhere.io')).toEqual(['Quarterly kayak report'])
    expect(await search('subject:"kayak report"')).toEqual(['Quarterly kayak report'])
    expect(await search('zanzibarite has:attachment', 'SENT')).toEqual(['Plans with attachment'])
    expect(await search('zanzibarite has:attachment')).toEqual([])
    expect(await search('zanzibarite -has:attachment')).toEqual(['Minerals from the coast'])
    expect(await search('zanzibarite is:unread')).toEqual(['Minerals from the coast'])
    expect(await search('from:elsewhere.io is:starred')).toEqual(['Quarterly kayak report'])
    expect(await search('from:elsewhere.io -is:starred')).toEqual(['Minerals from the coast'])
    expect(await search('from:elsewhere.io label:unread')).toEqual(['Minerals from the coast'])
    expect(await search('from:elsewhere.io -label:starred')).toEqual(['Minerals from the coast'])
    expect(await search('zanzibarite label:sent')).toEqual([])
    expect(await search('zanzibarite before:2000/01/01')).toEqual([])
    expect(await search('zanzibarite after:2000-01-01')).toEqual(['Minerals from the coast'])
    expect(await search('-zanzibarite from:elsewhere.io')).toEqual(['Quarterly kayak report'])
  })

  it('refuses a value an operator cannot take, naming it', async () => {
    for (const [q, words] of [
      ['before:2024/13/40', 'before:'],
      ['after:yesterday', 'after:'],
      ['is:important', 'is:'],
      ['has:drive', 'has:'],
    ]) {
      const response = await get(`/api/gmail/threads?q=${encodeURIComponent(q!)}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.message).toContain(words)
    }
  })

  it('lists rows without bodies, with a total the database keeps as threads change', async () => {
    const count = async (label: string) =>
      (await get(`/api/gmail/threads?label=${label}&limit=1`)).json().total as number
    const truth = async (label: string) => {
      const [user] = await h.db.select().from(users).where(eq(users.email, ADA))
      const [row] = await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailThreads)
        .where(
          sql`${emailThreads.userId} = ${user!.id} and ${emailThreads.labels} @> array[${label}]::text[]
            and (${label} = 'TRASH' or not ${emailThreads.labels} @> array['TRASH']::text[])`,
        )
      return row!.n
    }
    const page = (await get('/api/gmail/threads?limit=5')).json()
    expect(page.threads[0]).not.toHaveProperty('body')
    expect(page.threads[0]).not.toHaveProperty('textBody')
    expect(page.threads[0].snippet).toEqual(expect.any(String))
    expect(await count('INBOX')).toBe(await truth('INBOX'))
    const inbox = await count('INBOX')
    await h.call(session, 'POST', `/api/gmail/threads/${ids.zed}/actions`, { action: 'trash' })
    expect(await count('INBOX')).toBe(inbox - 1)
    expect(await count('TRASH')).toBe(await truth('TRASH'))
    expect(await count('UNREAD')).toBe(await truth('UNREAD'))
    await h.call(session, 'POST', `/api/gmail/threads/${ids.zed}/actions`, { action: 'untrash' })
    expect(await count('INBOX')).toBe(inbox)
    expect(await count('SENT')).toBe(await truth('SENT'))
  })

  it('answers an unchanged list 304 by its ETag, and a changed one in full', async () => {
    // A fresh sync, then none running: on a loaded machine this file can outlast the 30 s after
    // which a read queues a background sync, and "syncing" is part of what the ETag names.
    expect((await h.sync(session)).statusCode).toBe(200)
    for (let i = 0; (await get('/api/gmail/threads?limit=1')).json().syncing; i++) {
      expect(i).toBeLessThan(100)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const first = await get('/api/gmail/threads?limit=20')
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await get('/api/gmail/threads?limit=20', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // Another query is another answer.
    const other = await get('/api/gmail/threads?limit=21', { 'if-none-match': etag })
    expect(other.statusCode).toBe(200)
    // A client without the ETag (a new tab) gets the page kept under it (decision 038).
    const newTab = await get('/api/gmail/threads?limit=20')
    expect(newTab.headers.etag).toBe(etag)
    expect(newTab.json()).toEqual(first.json())

    const starred = (body: { threads: { id: string; isStarred: boolean }[] }) =>
      body.threads.find((t) => t.id === ids.yara)?.isStarred
    expect(starred(first.json())).toBe(true)
    await h.call(session, 'POST', `/api/gmail/threads/${ids.yara}/actions`, { action: 'unstar' })
    const changed = await get('/api/gmail/threads?limit=20', { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(starred(changed.json())).toBe(false)
    // The kept copy of the old page is not what a new tab gets now.
    expect(starred((await get('/api/gmail/threads?limit=20')).json())).toBe(false)
  })

  it('compresses JSON with brotli or gzip, and leaves attachments as they are', async () => {
    const br = await get('/api/gmail/threads?limit=50', { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    const viaBr = JSON.parse(brotliDecompressSync(br.rawPayload).toString())
    expect(viaBr.threads).toHaveLength(50)
    const gz = await get('/api/gmail/threads?limit=50', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(viaBr)
    const plain = await get('/api/gmail/threads?limit=50')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)

    const detail = (await get(`/api/gmail/threads/${ids.sent}`)).json()
    const message = detail.messages[0]
    const file = await get(
      `/api/gmail/messages/${message.id}/attachments/${encodeURIComponent(message.attachments[0].attachmentId)}`,
      { 'accept-encoding': 'br, gzip' },
    )
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.body).toBe('the plan')

    // The message frame's document, compressed, is the same document with its own policy.
    const frame = await get('/api/mail-frame?images=blocked', { 'accept-encoding': 'br' })
    const plainFrame = await get('/api/mail-frame?images=blocked')
    expect(frame.statusCode).toBe(200)
    expect(frame.headers['content-security-policy']).toBe(
      plainFrame.headers['content-security-policy'],
    )
    const document =
      frame.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(frame.rawPayload).toString()
        : frame.body
    expect(document).toBe(plainFrame.body)
  })

  it('forgets the counts and the version with the user', async () => {
    const graceSession = (await signIn(h, 'grace@example.com')).session!
    const [grace] = await h.db.select().from(users).where(eq(users.email, 'grace@example.com'))
    await h.app.inject({ url: '/api/gmail/threads', cookies: { inkwell_session: graceSession } })
    const rows = async () =>
      (await h.db.select().from(mailLabelCounts).where(eq(mailLabelCounts.userId, grace!.id)))
        .length +
      (await h.db.select().from(mailboxVersions).where(eq(mailboxVersions.userId, grace!.id)))
        .length
    expect(await rows()).toBeGreaterThan(0)
    await h.db.delete(users).where(eq(users.id, grace!.id))
    expect(await rows()).toBe(0)
  })
})

describe('Search all mail asks Gmail for what the cache lacks', () => {
  let h: Harness
  let session: string
  let failSearches = false

  beforeAll(async () => {
    h = await startHarness({
      withMailbox: true,
      gmailVia: async (target) =>
        (
          await startFaultProxy(target, {
            fault: ({ path }) =>
              failSearches && path.includes('/threads?') && path.includes('q=')
                ? { status: 400 }
                : null,
          })
        ).url,
    })
    session = (await signIn(h, ADA)).session!
    expect((await h.call(session, 'GET', '/api/gmail/threads?limit=1')).statusCode).toBe(200)
    expect((await h.sync(session)).statusCode).toBe(200)
  })
  afterAll(async () => h?.close())

  it('merges threads only Gmail has, newest first and each once; on failure the cache answers', async () => {
    const gmail = standInGmail(h, await accessTokenOf(h, ADA))
    const only = await insertIntoGmail(gmail, {
      from: 'Old Friend <old@elsewhere.io>',
      to: ADA,
      subject: 'A letter about quillwort',
      text: 'Quillwort grows by the lake.',
      labels: ['INBOX'],
    })
    const url = '/api/gmail/threads?q=quillwort'
    const cacheOnly = (await h.call(session, 'GET', `${url}&scope=label&label=INBOX`)).json()
    expect(cacheOnly.threads).toEqual([])
    const all = (await h.call(session, 'GET', url)).json()
    expect(all.threads.map((t: Row) => t.id)).toEqual([only.threadId])
    expect(all.threads[0]).toMatchObject({ subject: 'A letter about quillwort', isUnread: false })
    expect(all.total).toBe(1)
    expect(all.notice).toBeUndefined()
    // It opens: the thread is fetched from Gmail when the cache does not have it.
    const opened = await h.call(session, 'GET', `/api/gmail/threads/${only.threadId}`)
    expect(opened.statusCode).toBe(200)
    expect(opened.json().messages[0].textBody).toContain('Quillwort grows')
    // Now cached: found once, not twice.
    const again = (await h.call(session, 'GET', url)).json()
    expect(again.threads.map((t: Row) => t.id)).toEqual([only.threadId])

    failSearches = true
    const failed = await h.call(session, 'GET', url)
    expect(failed.statusCode).toBe(200)
    expect(failed.json().threads.map((t: Row) => t.id)).toEqual([only.threadId])
    expect(failed.json().notice).toMatch(/Gmail could not be searched/)
  })
})
