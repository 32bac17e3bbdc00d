import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { rateLimitCounters } from '../db/schema.js'
import { sameOrigin, startHarness, type Harness } from '../test/harness.js'
import { purgeEndedRateLimitWindows } from './rate-limit-store.js'

const TICKETS_PER_HOUR = 3
let h: Harness
let twin: FastifyInstance

beforeAll(async () => {
  h = await startHarness({ config: { contactRateLimitPerHour: TICKETS_PER_HOUR } })
  twin = await h.anotherInstance()
})
afterAll(async () => h?.close())

const fileTicket = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: sameOrigin,
    remoteAddress: ip,
    payload: { message: 'Is there a team plan?' },
  })

describe('rate limits kept in PostgreSQL', () => {
  it('hold across instances: the second instance refuses what the first already allowed', async () => {
    const statuses: number[] = []
    // Alternate instances, as a round-robin load balancer would.
    for (let i = 0; i <= TICKETS_PER_HOUR; i++)
      statuses.push((await fileTicket(i % 2 ? twin : h.app, '10.1.0.1')).statusCode)
    expect(statuses).toEqual([201, 201, 201, 429])
    // Another client still has its whole allowance, on either instance.
    expect((await fileTicket(twin, '10.1.0.2')).statusCode).toBe(201)
  })

  it('store no client address, only hashed keys', async () => {
    const rows = await h.db.select().from(rateLimitCounters)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.key).not.toContain('10.1.0')
  })

  it('start a new window once the old one ended, and purge ended windows', async () => {
    await h.pool.query(
      `UPDATE rate_limit_counters SET window_ends_at = now() - interval '2 minutes'`,
    )
    expect((await fileTicket(h.app, '10.1.0.1')).statusCode).toBe(201)
    // The window just reopened stays; the other client's ended one goes.
    expect(await purgeEndedRateLimitWindows(h.pool)).toBe(1)
    expect(await h.db.select().from(rateLimitCounters)).toHaveLength(1)
  })
})
