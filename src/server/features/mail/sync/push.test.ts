import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail } from '../../../test/stand-in-gmail.js'

const TOKEN = 'push-secret-0123456789abcdef'
const ADA = 'ada@example.com'

/** What Pub/Sub pushes for a change in `email`'s mailbox. */
const pushOf = (email: string) => ({
  message: {
    data: Buffer.from(JSON.stringify({ emailAddress: email, historyId: '1' })).toString('base64'),
    messageId: '1',
  },
  subscription: 'projects/inkwell/subscriptions/gmail-push',
})

/** Pub/Sub calls from Google's servers: no session, no Origin of ours. */
const fromPubSub = (h: Harness, url: string, payload: object) =>
  h.app.inject({ method: 'POST', url, payload })

describe('Gmail push', () => {
  let h: Harness
  let ada: string

  beforeAll(async () => {
    h = await startHarness({
      config: {
        gmailPush: { topic: 'projects/inkwell/topics/gmail', token: TOKEN },
      },
    })
    ada = (await signIn(h, ADA)).session!
    // The first sync (and with it the watch) is done.
    expect((await h.call(ada, 'GET', '/api/gmail/threads')).statusCode).toBe(200)
    expect((await h.sync(ada)).statusCode).toBe(200)
  })
  afterAll(async () => h?.close())

  it('a verified push brings new mail into the cache without anyone asking', async () => {
    const gmail = standInGmail(h, await accessTokenOf(h, ADA))
    await gmail('messages', {
      method: 'POST',
      body: JSON.stringify({
        from: 'Ben <ben@example.org>',
        to: ADA,
        subject: 'Pushed to you',
        body_text: 'Hi',
        labelIds: ['INBOX', 'UNREAD'],
      }),
    })
    const pushed = await fromPubSub(h, `/api/gmail/push?token=${TOKEN}`, pushOf(ADA))
    expect(pushed.statusCode).toBe(204)
    let subjects: string[] = []
    for (let i = 0; i < 100 && !subjects.includes('Pushed to you'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const list = await h.call(ada, 'GET', '/api/gmail/threads?scope=label&q=Pushed')
      subjects = list.json().threads.map((t: { subject: string }) => t.subject)
    }
    expect(subjects).toContain('Pushed to you')
  })

  it('refuses a push without the token or with a wrong one', async () => {
    const missing = await fromPubSub(h, '/api/gmail/push', pushOf(ADA))
    expect(missing.statusCode).toBe(401)
    const wrong = await fromPubSub(
      h,
      `/api/gmail/push?token=${TOKEN.replace('0', '1')}`,
      pushOf(ADA),
    )
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.message).toBe('This push does not carry the configured token')
  })

  it('acknowledges a push for a mailbox it does not know, doing nothing', async () => {
    const answer = await fromPubSub(
      h,
      `/api/gmail/push?token=${TOKEN}`,
      pushOf('nobody@example.com'),
    )
    expect(answer.statusCode).toBe(204)
  })

  it('will not start with a topic and no way to verify pushes', () => {
    expect(() =>
      loadConfig({
        INKWELL_MODE: 'demo',
        NODE_ENV: 'test',
        GMAIL_PUBSUB_TOPIC: 'projects/p/topics/t',
      }),
    ).toThrow(/GMAIL_PUSH_AUDIENCE \(OIDC\) or GMAIL_PUSH_TOKEN/)
    expect(loadConfig({ INKWELL_MODE: 'demo', NODE_ENV: 'test' }).gmailPush).toBeNull()
  })
})
