import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

const ADA = 'ada@example.com'

describe('live events', () => {
  let h: Harness
  let base: string
  let session: string
  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
    base = await h.app.listen({ port: 0, host: '127.0.0.1' })
    session = (await signIn(h, ADA)).session!
    expect((await h.call(session, 'GET', '/api/gmail/threads?limit=5')).statusCode).toBe(200)
  })
  afterAll(async () => {
    await h.close()
  })

  /** Opens the user's stream, as the app does, and collects what it hears. */
  async function listen() {
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie: `inkwell_session=${session}` },
    })
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const reader = response.body!.getReader()
    let heard = ''
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
        if (done) return
        heard += new TextDecoder().decode(value)
      }
    })()
    return {
      until: async (text: string) => {
        for (let i = 0; i < 100 && !heard.includes(text); i++) {
          await new Promise((r) => setTimeout(r, 50))
        }
        return heard
      },
      close: () => reader.cancel().catch(() => {}),
    }
  }

  it('needs a session', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401)
  })

  it('tells an open app about an action taken elsewhere and about mail a sync brought', async () => {
    const stream = await listen()
    const { threads } = (await h.call(session, 'GET', '/api/gmail/threads?limit=1')).json()
    await h.call(session, 'POST', `/api/gmail/threads/${threads[0].id}/actions`, { action: 'star' })
    expect(await stream.until('mail.changed')).toContain(threads[0].id)

    // The first (full) sync is over: what comes now is new mail, not the mailbox's first load.
    expect((await h.call(session, 'POST', '/api/gmail/sync')).statusCode).toBe(200)
    const [row] = await h.db.select().from(users).where(eq(users.email, ADA))
    await fetch(`${h.standIn.url}/gmail/v1/users/me/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.secrets.open(row!.gmailAccessToken!)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        from: 'Ben <ben@example.org>',
        to: ADA,
        subject: 'While you were looking',
        body_text: 'New mail.',
        labelIds: ['INBOX', 'UNREAD'],
      }),
    })
    await h.call(session, 'POST', '/api/gmail/sync')
    const heard = await stream.until('While you were looking')
    expect(heard).toMatch(/event: sync\.done\ndata: .*"changed":[1-9]/)
    // Named as new inbox mail, for the app's sound and desktop notification.
    const done = heard.split('\n').find((line) => line.includes('While you were looking'))
    const event = JSON.parse(done!.replace(/^data: /, ''))
    expect(event.arrived).toEqual([
      expect.objectContaining({
        fromName: 'Ben',
        fromEmail: 'ben@example.org',
        subject: 'While you were looking',
      }),
    ])
    await stream.close()
  })

  it("never announces the user's own sent mail as new mail", async () => {
    const stream = await listen()
    const sent = await h.call(session, 'POST', '/api/gmail/send', {
      to: ADA,
      subject: 'A note to myself',
      body: 'Mine.',
    })
    expect(sent.statusCode).toBe(200)
    await h.call(session, 'POST', '/api/gmail/sync')
    const heard = await stream.until('sync.done')
    expect(heard).toContain('event: sync.done')
    expect(heard).not.toContain('"arrived"')
    await stream.close()
  })
})
