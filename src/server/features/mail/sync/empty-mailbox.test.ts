import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'

/**
 * An empty mailbox never gets a historyId (no message carries one). Its reads must still be
 * reads of a synced mailbox, not first visits: each of those queued a whole sync and waited
 * for it, for up to 30 s while Gmail's quota was spent.
 */
describe('an empty mailbox', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ withMailbox: false })
  })
  afterAll(async () => {
    await h?.close()
  })

  const syncJobs = async () =>
    (
      await h.pool.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'mail-sync'`,
      )
    ).rows[0]!.n

  it('is synced once, and read again without another sync', async () => {
    const session = (await signIn(h, 'ada@example.com')).session!
    const first = await h.call(session, 'GET', '/api/gmail/threads')
    expect(first.statusCode).toBe(200)
    expect(first.json().threads).toEqual([])
    const jobs = await syncJobs()
    expect(jobs).toBe(1)

    for (const label of ['INBOX', 'SENT', 'STARRED']) {
      const again = await h.call(session, 'GET', `/api/gmail/threads?label=${label}`)
      expect(again.statusCode).toBe(200)
      expect(again.json().threads).toEqual([])
    }
    expect(await syncJobs()).toBe(jobs)
  })
})
