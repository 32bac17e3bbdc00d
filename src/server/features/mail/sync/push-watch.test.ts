import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import type { GmailAccess } from '../gmail/access.js'
import { createGmailPush } from './push.js'
import { createMailRepository } from '../store/repository.js'

/**
 * Watch renewal with several instances on one database (decision 037): each mailbox's watch is
 * set up once a day, by whichever instance claims it first.
 */
describe('Gmail watch renewal across instances', () => {
  let h: Harness
  let adaId: string
  /** Every users.watch Gmail was asked for, by user. */
  const watches: string[] = []
  let refuseNext = false

  const gmail = {
    forUserId: async (userId: string) => ({
      watch: {
        start: async () => {
          watches.push(`watch:${userId}`)
          if (refuseNext) {
            refuseNext = false
            throw new Error('Gmail refused the watch')
          }
          return {}
        },
      },
    }),
  } as unknown as GmailAccess

  /** One instance's push module: its own memory, the shared database. */
  const instance = () =>
    createGmailPush({
      config: { topic: 'projects/inkwell/topics/gmail', token: 'push-secret-0123456789abcdef' },
      gmail,
      repo: createMailRepository(h.db, h.pool),
      scheduler: {} as never,
      findUserIdByEmail: async () => null,
      log: { warn: () => {} } as unknown as FastifyBaseLogger,
    })

  const aDayLater = () =>
    h.pool.query(
      `update mail_sync_state set watch_renewed_at = now() - interval '25 hours' where user_id = $1`,
      [adaId],
    )

  beforeAll(async () => {
    h = await startHarness()
    const session = (await signIn(h, 'ada@example.com')).session!
    // The first sync gives the mailbox its sync state.
    expect((await h.call(session, 'GET', '/api/gmail/threads')).statusCode).toBe(200)
    const { rows } = await h.pool.query<{ id: string }>(
      `select id from users where email = 'ada@example.com'`,
    )
    adaId = rows[0]!.id
  })
  afterAll(async () => h?.close())

  it('two instances syncing and checking at once set the watch up once', async () => {
    const [one, two] = [instance(), instance()]
    await Promise.all([
      one.ensureWatching(adaId),
      two.ensureWatching(adaId),
      one.renewDue(),
      two.renewDue(),
    ])
    expect(watches).toEqual([`watch:${adaId}`])
    // Later syncs within the day ask Gmail nothing.
    await Promise.all([one.ensureWatching(adaId), two.ensureWatching(adaId)])
    expect(watches).toHaveLength(1)
  })

  it('a day later, one of them renews it', async () => {
    watches.length = 0
    await aDayLater()
    await Promise.all([instance().renewDue(), instance().renewDue(), instance().renewDue()])
    expect(watches).toEqual([`watch:${adaId}`])
  })

  it('a renewal Gmail refused is made by the next attempt, on any instance', async () => {
    watches.length = 0
    await aDayLater()
    refuseNext = true
    await instance().renewDue()
    expect(watches).toHaveLength(1)
    await instance().renewDue()
    expect(watches).toHaveLength(2)
    // And then it is done for the day.
    await instance().renewDue()
    expect(watches).toHaveLength(2)
  })
})
