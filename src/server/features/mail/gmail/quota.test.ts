import { startFaultProxy } from '../../../test/fault-proxy.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema.js'
import { createTestDatabase } from '../../../test/database.js'
import { OAuth2Client } from 'google-auth-library'
import { loadConfig } from '../../../config.js'
import { GmailSession } from './session.js'
import { GMAIL_QUOTA, QuotaBudget, type GmailQuotaModel, type QuotaStore } from './quota.js'
import { createMailRepository } from '../store/repository.js'

describe('the shared Gmail quota', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let userId: string
  beforeAll(async () => {
    database = await createTestDatabase()
    const user = await newUser('ada@example.com')
    userId = user.id
  })
  afterAll(async () => {
    await database.drop()
  })
  /** A user of their own: a bucket no other test has drawn on. */
  async function newUser(email: string) {
    const [user] = await database.db
      .insert(users)
      .values({ email, name: email.split('@')[0]!, googleId: `g-${email}` })
      .returning()
    return user!
  }

  it('is one bucket for every instance: together they never spend more than it holds', async () => {
    // Two instances: separate repositories and budgets, sharing only the database.
    const perMinute = 600
    const instances = [0, 1].map(() =>
      createMailRepository(database.db, database.pool).quotaStore(userId),
    )
    const store = instances[0]!
    const granted: number[] = []
    const takes = Array.from({ length: 40 }, (_, i) =>
      instances[i % 2]!.take(40, perMinute).then((r) => r.granted && granted.push(i)),
    )
    await Promise.all(takes)
    // 600 units hold 15 calls of 40 (a few more may refill while they run: at 10 units a second).
    expect(granted.length).toBeGreaterThanOrEqual(15)
    expect(granted.length).toBeLessThanOrEqual(16)
    const after = await store.take(40, perMinute)
    expect(after.granted).toBe(false)
    expect(after.available).toBeLessThan(40)
  })

  it('makes a call wait for its units instead of failing', async () => {
    const store = createMailRepository(database.db, database.pool).quotaStore(userId)
    // 6,000 a minute refills 100 units a second: a drained bucket grants again quickly.
    const budget = new QuotaBudget(6000, store)
    while ((await store.take(100, 6000)).granted);
    await budget.take(50)
    expect(budget.spent).toBe(50)
  })

  it('starts again from empty when Gmail says the user is over, so the retry waits for units', async () => {
    const lin = await newUser('lin@example.com')
    const store = createMailRepository(database.db, database.pool).quotaStore(lin.id)
    // Gmail counts its own way: it refuses a call the full bucket (6,000 units) would allow.
    const { session, gmail } = await gmailSessionOn([429], store)
    await expect(session.labels.list()).resolves.toEqual({ labels: [] })
    expect(gmail.log.map((call) => call.status)).toEqual([429, 200])
    // Emptied by the 429 (not 5,990 left): only what refilled since, at 100 units a second.
    const { available } = await store.take(0, 6000)
    expect(available).toBeLessThan(1000)
    await gmail.close()
  })

  it("leaves a tenth of a minute's units for the user's own calls when background work takes", async () => {
    const other = await newUser('grace@example.com')
    const store = createMailRepository(database.db, database.pool).quotaStore(other.id)
    // 6,000 a minute: the background keeps 600 units in; 700 are there, so 100 are its own.
    expect((await store.take(5300, 6000)).granted).toBe(true)
    expect((await store.take(200, 6000, 600)).granted).toBe(false)
    // What the user does now (a send: 100 units) does not wait for the sync.
    expect((await store.take(100, 6000)).granted).toBe(true)
    const { available } = await store.take(0, 6000)
    expect(available).toBeGreaterThanOrEqual(600)
    expect(available).toBeLessThan(700)
  })
})

describe('the quota model', () => {
  it('prices each call by the table in use, and the budget follows the model', async () => {
    // A Gmail that answers every call with an empty 200.
    const gmail = await startFaultProxy('http://127.0.0.1:9', {
      fault: () => ({ status: 200, body: '{}' }),
    })
    const spentOn = async (model: GmailQuotaModel) => {
      const budget = new QuotaBudget(0, {
        take: async () => ({ granted: true, available: 0 }),
        empty: async () => {},
      })
      const auth = new OAuth2Client()
      auth.setCredentials({ access_token: 'token', expiry_date: Date.now() + 3_600_000 })
      const session = new GmailSession(
        auth,
        `${gmail.url}/`,
        budget,
        GMAIL_QUOTA[model].prices,
        async () => {},
      )
      await session.threads.get('t1', 'full')
      await session.messages.getHeaders('m1', ['Subject'])
      await session.history.list('1')
      return budget.spent
    }
    expect(await spentOn('2026')).toBe(40 + 20 + 2)
    expect(await spentOn('legacy')).toBe(10 + 5 + 2)
    await gmail.close()
    expect(loadConfig({ INKWELL_MODE: 'demo' }).gmailQuotaUnitsPerMinute).toBe(6000)
    const legacy = loadConfig({ INKWELL_MODE: 'demo', GMAIL_QUOTA_MODEL: 'legacy' })
    expect(legacy.gmailQuotaUnitsPerMinute).toBe(15_000)
    expect(
      loadConfig({ INKWELL_MODE: 'demo', GMAIL_QUOTA_UNITS_PER_MINUTE: '0' })
        .gmailQuotaUnitsPerMinute,
    ).toBe(0)
    expect(() => loadConfig({ INKWELL_MODE: 'demo', GMAIL_QUOTA_MODEL: '2019' })).toThrow(
      /GMAIL_QUOTA_MODEL/,
    )
  })
})

/** A session on a Gmail that answers `answers` in turn (then 200), over `store`'s bucket. */
async function gmailSessionOn(answers: number[], store: QuotaStore) {
  const gmail = await startFaultProxy('http://127.0.0.1:9', {
    fault: ({ count }) => ({ status: answers[count - 1] ?? 200, body: '{"labels":[]}' }),
  })
  const budget = new QuotaBudget(6000, store)
  const auth = new OAuth2Client()
  auth.setCredentials({ access_token: 'token', expiry_date: Date.now() + 3_600_000 })
  const session = new GmailSession(
    auth,
    `${gmail.url}/`,
    budget,
    GMAIL_QUOTA['2026'].prices,
    async () => {},
  )
  return { session, gmail }
}

describe('a quota bucket that cannot be read', () => {
  /** Over a bucket whose `take` the test writes. */
  const sessionOn = (answers: number[], take: QuotaStore['take']) =>
    gmailSessionOn(answers, { take, empty: async () => {} })

  it("fails the call at once: the bucket's database is not Gmail, and is not retried as it", async () => {
    // What pg says when the database has stopped (a Ctrl-C reaches the demo's embedded one):
    // a network code, which Gmail's own failures share. Retried, a sync slept through six
    // backoffs a call, past the 4 s a draining instance gives its workers.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5439'), {
      code: 'ECONNREFUSED',
    })
    let takes = 0
    const { session, gmail } = await sessionOn([], async () => {
      takes++
      throw refused
    })
    await expect(session.labels.list()).rejects.toBe(refused)
    expect(takes).toBe(1)
    expect(gmail.log).toEqual([])
    await gmail.close()
  })

  it("still retries Gmail's own failures", async () => {
    let takes = 0
    const { session, gmail } = await sessionOn([503], async () => {
      takes++
      return { granted: true, available: 6000 }
    })
    await expect(session.labels.list()).resolves.toEqual({ labels: [] })
    // Each try takes its units.
    expect(takes).toBe(2)
    expect(gmail.log.map((call) => call.status)).toEqual([503, 200])
    await gmail.close()
  })
})
