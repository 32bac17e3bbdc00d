import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startFaultProxy, type Fault } from '../../../test/fault-proxy.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

/**
 * Issue 22: a send whose answer was lost, retried by the user, was sent twice. The web app now
 * sends an Idempotency-Key with each message; a retry with it answers the first send.
 */
describe('sending with an Idempotency-Key', () => {
  let h: Harness
  let ada: string
  let gmail: StandInGmail
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let fault: (request: { method: string; path: string }) => Fault | null = () => null

  beforeAll(async () => {
    h = await startHarness({
      gmailVia: async (url) => {
        proxy = await startFaultProxy(url, { fault: (request) => fault(request) })
        return proxy.url
      },
    })
    ada = (await signIn(h, 'ada@example.com')).session!
    gmail = standInGmail(h, await accessTokenOf(h, 'ada@example.com'))
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  const send = (subject: string, key?: string, body = 'The figures are attached.') =>
    h.app.inject({
      method: 'POST',
      url: '/api/gmail/send',
      headers: { ...sameOrigin, ...(key ? { 'idempotency-key': key } : {}) },
      cookies: { inkwell_session: ada },
      payload: { to: 'grace@example.com', subject, body },
    })

  /** How many messages with this subject (one word) Gmail holds. */
  async function inGmail(subject: string): Promise<number> {
    const found = await gmail<{ messages?: unknown[] }>(
      `messages?q=${encodeURIComponent(`subject:${subject}`)}&includeSpamTrash=true`,
    )
    return found.messages?.length ?? 0
  }

  afterEach(() => {
    fault = () => null
  })

  it('sends once when the answer from Gmail was lost and the user retries', async () => {
    const subject = 'LostAnswerSentOnce'
    // Gmail accepts the message, but its answer never reaches Inkwell.
    fault = ({ method, path }) =>
      method === 'POST' && path.includes('/messages/send') ? { lostAnswerStatus: 503 } : null
    const first = await send(subject, 'send-7f3a9c1e-lost')
    expect(first.statusCode).toBeGreaterThanOrEqual(500)
    expect(await inGmail(subject)).toBe(1)

    fault = () => null
    const retry = await send(subject, 'send-7f3a9c1e-lost')
    expect(retry.statusCode).toBe(200)
    expect(await inGmail(subject)).toBe(1)
    // The answer names the message Gmail already had.
    const thread = await h.call(ada, 'GET', `/api/gmail/threads/${retry.json().threadId}`)
    expect(thread.json().messages.map((m: { id: string }) => m.id)).toContain(retry.json().id)
  })

  it('answers a retry after a success with the same result, sending nothing again', async () => {
    const subject = 'AnsweredTwiceSentOnce'
    const first = await send(subject, 'send-0b1d2e3f-ok')
    expect(first.statusCode).toBe(200)
    const again = await send(subject, 'send-0b1d2e3f-ok')
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await inGmail(subject)).toBe(1)
  })

  it('sends once when the same key is sent twice at the same moment', async () => {
    const subject = 'DoubleClickSentOnce'
    const answers = await Promise.all([
      send(subject, 'send-double-1'),
      send(subject, 'send-double-1'),
    ])
    const statuses = answers.map((a) => a.statusCode).sort()
    // One is sent; the other is told it is still being sent (409), or gets the same result.
    expect(statuses[0]).toBe(200)
    expect([200, 409]).toContain(statuses[1])
    expect(await inGmail(subject)).toBe(1)
  })

  it('sends again after a failure Gmail really refused', async () => {
    const subject = 'RefusedThenSent'
    fault = ({ method, path }) =>
      method === 'POST' && path.includes('/messages/send') ? { status: 503 } : null
    expect((await send(subject, 'send-refused-1')).statusCode).toBeGreaterThanOrEqual(500)
    expect(await inGmail(subject)).toBe(0)
    fault = () => null
    expect((await send(subject, 'send-refused-1')).statusCode).toBe(200)
    expect(await inGmail(subject)).toBe(1)
  })

  it('refuses a key reused for another message, and a malformed key', async () => {
    expect((await send('First use', 'send-reused-key')).statusCode).toBe(200)
    const reused = await send('AnotherMessageSameKey', 'send-reused-key', 'Something else.')
    expect(reused.statusCode).toBe(409)
    expect(reused.json().error.code).toBe('idempotency_key_reused')
    expect(await inGmail('AnotherMessageSameKey')).toBe(0)

    const malformed = await send('Bad key', 'x y')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.message).toContain('Idempotency-Key')
  })

  it("keeps one user's keys from another's", async () => {
    const grace = (await signIn(h, 'grace@example.com')).session!
    expect((await send('Ada uses a key', 'send-shared-key')).statusCode).toBe(200)
    const theirs = await h.app.inject({
      method: 'POST',
      url: '/api/gmail/send',
      headers: { ...sameOrigin, 'idempotency-key': 'send-shared-key' },
      cookies: { inkwell_session: grace },
      payload: { to: 'ada@example.com', subject: 'Grace uses the same key', body: 'Hello.' },
    })
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json().threadId).not.toBe(undefined)
  })
})
