import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.js'
import { createTestDatabase } from '../../test/database.js'
import { QuotaBudget } from './quota.js'
import { createMailRepository } from './repository.js'

describe('the shared Gmail quota', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let userId: string
  beforeAll(async () => {
    database = await createTestDatabase()
    const [user] = await database.db
      .insert(users)
      .values({ email: 'ada@example.com', name: 'Ada', googleId: 'g-ada' })
      .returning()
    userId = user!.id
  })
  afterAll(async () => {
    await database.drop()
  })

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
})
