import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailSyncState, userSettings, users } from '../../../db/schema.js'
import { startFaultProxy } from '../../../test/fault-proxy.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'

const ADA = 'ada@example.com'

describe('the Gmail signature (issue 28)', () => {
  let h: Harness
  let ada: string
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  /** What Gmail's sendAs list says, when set: the stand-in has no signature of its own to set. */
  let sendAs: unknown = null

  const reads = () => proxy.log.filter((c) => c.path.includes('/settings/sendAs')).length

  beforeAll(async () => {
    h = await startHarness({
      gmailVia: async (target) => {
        proxy = await startFaultProxy(target, {
          fault: ({ path }) =>
            sendAs && path.includes('/settings/sendAs')
              ? {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(sendAs),
                }
              : null,
        })
        return proxy.url
      },
    })
    ada = (await signIn(h, ADA)).session!
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  it("reads the default send-as address's signature, keeps it, and reads it again on Refresh", async () => {
    // The stand-in's own answer: an address without a signature.
    const none = await h.call(ada, 'GET', '/api/gmail/signature')
    expect(none.statusCode).toBe(200)
    expect(none.json()).toEqual({ html: '', text: '', enabled: true })

    sendAs = {
      sendAs: [
        { sendAsEmail: 'alias@example.com', isDefault: false, signature: '<b>Not this one</b>' },
        {
          sendAsEmail: ADA,
          isDefault: true,
          isPrimary: true,
          signature: '<div>Ada Lovelace<br>Analytical Engines &amp; Co.</div>',
        },
      ],
    }
    const before = reads()
    // Kept for an hour: the signature changed in Gmail shows after a Refresh.
    expect((await h.call(ada, 'GET', '/api/gmail/signature')).json().html).toBe('')
    expect(reads()).toBe(before)
    const refreshed = await h.call(ada, 'GET', '/api/gmail/signature?refresh=1')
    expect(refreshed.json()).toEqual({
      html: '<div>Ada Lovelace<br>Analytical Engines &amp; Co.</div>',
      text: 'Ada Lovelace\nAnalytical Engines & Co.',
      enabled: true,
    })
    expect(reads()).toBe(before + 1)

    // An hour later it is read again by itself.
    const [me] = await h.db.select().from(users).where(eq(users.email, ADA))
    await h.db
      .update(mailSyncState)
      .set({ signatureFetchedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(mailSyncState.userId, me!.id))
    sendAs = { sendAs: [{ sendAsEmail: ADA, isDefault: true, signature: 'Ada' }] }
    expect((await h.call(ada, 'GET', '/api/gmail/signature')).json().html).toBe('Ada')
    expect(reads()).toBe(before + 2)
  })

  it('says whether the user turned the signature off', async () => {
    const [me] = await h.db.select().from(users).where(eq(users.email, ADA))
    await h.db
      .insert(userSettings)
      .values({ userId: me!.id, useGmailSignature: false })
      .onConflictDoUpdate({ target: userSettings.userId, set: { useGmailSignature: false } })
    expect((await h.call(ada, 'GET', '/api/gmail/signature')).json().enabled).toBe(false)
  })

  it('is not there for someone signed out', async () => {
    expect((await h.call(undefined, 'GET', '/api/gmail/signature')).statusCode).toBe(401)
  })
})
