import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'
import { until } from '../../test/eventually.js'

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
    expect((await h.sync(session)).statusCode).toBe(200)
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
    await h.sync(session)
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
    await h.sync(session)
    const heard = await stream.until('sync.done')
    expect(heard).toContain('event: sync.done')
    expect(heard).not.toContain('"arrived"')
    await stream.close()
  })
})

describe('streams per session and per user (decision 043)', () => {
  let h: Harness
  let base: string
  const opened: { close: () => Promise<void> }[] = []
  beforeAll(async () => {
    h = await startHarness()
    base = await h.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()))
    h.app.server.closeAllConnections()
    await h.close()
  })

  /** Opens a stream as a tab's EventSource does; resolves once the server has taken it. */
  async function open(session: string) {
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie: `inkwell_session=${session}` },
    })
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const stream = { heard: '', ended: false, close: () => reader.cancel().catch(() => {}) }
    opened.push(stream)
    let taken!: () => void
    const ready = new Promise<void>((resolve) => (taken = resolve))
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
        if (done) break
        stream.heard += new TextDecoder().decode(value)
        if (stream.heard.includes('retry:')) taken()
      }
      stream.ended = true
      taken()
    })()
    await ready
    return stream
  }

  /** Publishes an event for `email` as any instance would, through PostgreSQL. */
  async function publish(email: string, type: string) {
    const [row] = await h.db.select().from(users).where(eq(users.email, email))
    const payload = JSON.stringify({ userId: row!.id, event: { type } })
    await h.pool.query('select pg_notify($1, $2)', ['inkwell_events', payload])
  }

  type Stream = Awaited<ReturnType<typeof open>>
  /**
   * Waits until each of `streams` has heard `text`, or ended when `text` is null: what the server
   * was asked to do has reached them. A check that nothing else happened follows it. (A stream
   * that ends instead of hearing `text` is waited no longer: the check after says what failed.)
   */
  const reached = (streams: Stream[], text: string | null) =>
    until(
      async () => streams.map((s) => s.ended || (text !== null && s.heard.includes(text))),
      (each) => each.every(Boolean),
      { waitingFor: text === null ? 'the streams to end' : `"${text}" on each stream` },
    )

  let first: string

  it('closes the oldest of a session’s streams beyond 5, telling it so; the rest stay live', async () => {
    const session = (await signIn(h, ADA)).session!
    first = session
    const streams = []
    for (let i = 0; i < 7; i++) streams.push(await open(session))
    // The two oldest end (replaced); then the rest are checked to be still open.
    await reached(streams.slice(0, 2), null)
    expect(streams.map((s) => s.ended)).toEqual([true, true, false, false, false, false, false])
    for (const closed of streams.slice(0, 2))
      expect(closed.heard).toContain('event: stream.replaced')
    await publish(ADA, 'mail.changed')
    await reached(streams.slice(2), 'event: mail.changed')
    for (const live of streams.slice(2)) expect(live.heard).toContain('event: mail.changed')
    for (const closed of streams.slice(0, 2)) expect(closed.heard).not.toContain('mail.changed')
  })

  it('answers 429 with Retry-After for a stream beyond 20 of one user; others are unaffected', async () => {
    // Ada has 5 from the test above; three more sessions of 5 reach 20.
    for (let s = 0; s < 3; s++) {
      const session = (await signIn(h, ADA)).session!
      for (let i = 0; i < 5; i++) await open(session)
    }
    const oneMore = (await signIn(h, ADA)).session!
    const refused = await fetch(`${base}/api/events`, {
      headers: { cookie: `inkwell_session=${oneMore}` },
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()).error.code).toBe('too_many_streams')
    // A tab of a session at its 5 still opens: it replaces that session's oldest.
    expect((await open(first)).ended).toBe(false)

    // Another user has their own allowance.
    const grace = (await signIn(h, 'grace@example.com')).session!
    const theirs = await open(grace)
    // An event of theirs reaching it shows the server took it, and any refusal came first.
    await publish('grace@example.com', 'mail.changed')
    await reached([theirs], 'event: mail.changed')
    expect(theirs.ended).toBe(false)
  })
})
