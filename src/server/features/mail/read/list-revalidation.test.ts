import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sameOrigin, signIn, startHarness, type Harness } from '../../../test/harness.js'

/**
 * The list's revalidation fast path (decision 038): a browser asking whether its page is still
 * current, on a session this instance verified a moment ago, is answered 304 from memory; a
 * change, or a session that ended, takes it the full way again.
 */
describe('revalidating the thread list', () => {
  let h: Harness
  let session: string
  const LIST = '/api/gmail/threads?limit=5'

  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
    session = (await signIn(h, 'ada@example.com')).session!
    expect((await h.call(session, 'GET', LIST)).statusCode).toBe(200)
    expect((await h.sync(session)).statusCode).toBe(200)
  })
  afterAll(async () => h?.close())

  const ask = (cookie: string, etag?: string) =>
    h.app.inject({
      method: 'GET',
      url: LIST,
      cookies: { inkwell_session: cookie },
      headers: etag ? { 'if-none-match': etag } : {},
    })

  /** Queries the pool runs while `fn` does. */
  async function queriesDuring(fn: () => Promise<unknown>) {
    const pool = h.pool as unknown as { query: (...args: unknown[]) => unknown }
    const query = pool.query
    let count = 0
    pool.query = (...args: unknown[]) => {
      count++
      return query.apply(h.pool, args)
    }
    try {
      await fn()
    } finally {
      pool.query = query
    }
    return count
  }

  it('answers an unchanged page 304 without a single query, a moment after a full answer', async () => {
    const etag = (await ask(session)).headers.etag as string
    expect(etag).toMatch(/^W\//)
    // "A moment" is a second: a full answer first (it verifies the session and reads the
    // mailbox), then the revalidation, tried again if this machine was slower than that.
    let free = false
    for (let attempt = 0; attempt < 3 && !free; attempt++) {
      expect((await ask(session, etag)).statusCode).toBe(304)
      let answered = 0
      const queries = await queriesDuring(async () => {
        const again = await ask(session, etag)
        answered = again.statusCode
        expect(again.headers.etag).toBe(etag)
        expect(again.headers['cache-control']).toBe('private, no-cache')
      })
      expect(answered).toBe(304)
      free = queries === 0
    }
    expect(free).toBe(true)
  })

  it('a change answers the new page, whatever the memory held', async () => {
    const before = await ask(session)
    const etag = before.headers.etag as string
    expect((await ask(session, etag)).statusCode).toBe(304)
    const [first] = before.json<{ threads: { id: string }[] }>().threads
    const acted = await h.call(session, 'POST', `/api/gmail/threads/${first!.id}/actions`, {
      action: 'star',
    })
    expect(acted.statusCode).toBe(200)
    const after = await ask(session, etag)
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
  })

  it('a session signed out everywhere is refused at once, not told its page is current', async () => {
    const other = (await signIn(h, 'ada@example.com')).session!
    const etag = (await ask(other)).headers.etag as string
    expect((await ask(other, etag)).statusCode).toBe(304)
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: sameOrigin,
      cookies: { inkwell_session: other },
    })
    expect(out.statusCode).toBeLessThan(300)
    expect((await ask(other, etag)).statusCode).toBe(401)
    expect((await ask(session, etag)).statusCode).toBe(401)
  })
})
