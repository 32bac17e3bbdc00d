import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gmail } from '@googleapis/gmail'
import { OAuth2Client } from 'google-auth-library'
import { NotFound, TooManyRequests, UpstreamError } from '../../../lib/errors.js'
import { startFaultProxy, type Fault } from '../../../test/fault-proxy.js'
import { freePort } from '../../../test/free-port.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../../test/harness.js'
import { typedGmailError } from './call.js'

/** The error the real Gmail client raises when Gmail answers `fault` (or nothing at all). */
async function gmailFailure(rootUrl: string): Promise<unknown> {
  const auth = new OAuth2Client()
  auth.setCredentials({ access_token: 'token', expiry_date: Date.now() + 3_600_000 })
  const api = gmail({ version: 'v1', auth, rootUrl: `${rootUrl}/`, retry: false })
  return api.users.drafts.get({ userId: 'me', id: 'r123' }).then(
    () => null,
    (error: unknown) => error,
  )
}

describe("Gmail's failures, typed in one place", () => {
  let answer: Fault = { status: 500 }
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  beforeAll(async () => {
    proxy = await startFaultProxy('http://127.0.0.1:9', { fault: () => answer })
  })
  afterAll(async () => proxy?.close())

  it('turns a 404 into NotFound with what the caller says is missing', async () => {
    answer = { status: 404 }
    const typed = typedGmailError(await gmailFailure(proxy.url), 'This draft is gone')
    expect(typed).toBeInstanceOf(NotFound)
    expect(typed).toMatchObject({ statusCode: 404, message: 'This draft is gone' })
  })

  it('turns throttling that outlasted the retries into 429', async () => {
    answer = { status: 429 }
    expect(typedGmailError(await gmailFailure(proxy.url), '')).toBeInstanceOf(TooManyRequests)
  })

  it("turns Gmail's 5xx, its other refusals and no answer at all into 502", async () => {
    for (const status of [500, 503, 400]) {
      answer = { status }
      const typed = typedGmailError(await gmailFailure(proxy.url), '')
      expect(typed).toBeInstanceOf(UpstreamError)
      expect(typed).toMatchObject({ statusCode: 502, code: 'upstream_error' })
    }
    const nobody = `http://127.0.0.1:${await freePort()}`
    expect(typedGmailError(await gmailFailure(nobody), '')).toBeInstanceOf(UpstreamError)
  })

  it('leaves an error of our own code alone: that is a 500 to fix, not an upstream failure', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')")
    expect(typedGmailError(bug, '')).toBe(bug)
  })
})

describe('what the user sees when Gmail says no', () => {
  let h: Harness
  let session: string
  let refuseSend = false
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined
  beforeAll(async () => {
    h = await startHarness({
      withMailbox: true,
      gmailVia: async (standIn) => {
        proxy = await startFaultProxy(standIn, {
          fault: ({ path }) =>
            refuseSend && path.includes('/messages/send') ? { status: 400 } : null,
        })
        return proxy.url
      },
    })
    session = (await signIn(h, 'ada@example.com')).session!
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  const post = (url: string, payload: object) =>
    h.app.inject({
      method: 'POST',
      url,
      payload,
      headers: sameOrigin,
      cookies: { inkwell_session: session },
    })

  it('answers 404 for a draft Gmail does not have, saying so', async () => {
    const response = await post('/api/gmail/drafts', { to: 'sam@example.com', draftId: 'r404' })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.message).toBe(
      'This draft, or the conversation it answers, no longer exists in Gmail',
    )
  })

  it('answers 502 when Gmail refuses a message, without a 500', async () => {
    refuseSend = true
    const response = await post('/api/gmail/send', {
      to: 'sam@example.com',
      subject: 'Hello',
      body: 'Hi',
    })
    refuseSend = false
    expect(response.statusCode).toBe(502)
    expect(response.json().error.code).toBe('upstream_error')
  })
})
