import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { rateLimitCounters } from '../db/schema.js'
import { sameOrigin, startHarness, type Harness } from '../test/harness.js'
import { purgeEndedRateLimitWindows } from './rate-limit-store.js'

const TICKETS_PER_HOUR = 3
const SIGN_INS_PER_MINUTE = 4
let h: Harness
let twin: FastifyInstance

beforeAll(async () => {
  h = await startHarness({
    config: {
      contactRateLimitPerHour: TICKETS_PER_HOUR,
      authRateLimitPerMinute: SIGN_INS_PER_MINUTE,
    },
  })
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
  it('Two instances and a rate limit: the limit holds across both', async () => {
    const answers = []
    // Alternate instances, as a round-robin load balancer would: N in all, not N each.
    for (let i = 0; i <= TICKETS_PER_HOUR; i++)
      answers.push(await fileTicket(i % 2 ? twin : h.app, '10.1.0.1'))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 429])
    // The 429 says when the window ends (an hour's window, just opened).
    const retryAfter = Number(answers.at(-1)!.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
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

  it('Two instances and a rate limit: sign-in as well', async () => {
    // Its per-minute allowance is spent on either instance alike.
    const signIns = []
    for (let i = 0; i <= SIGN_INS_PER_MINUTE; i++) {
      const app = i % 2 ? twin : h.app
      signIns.push(await app.inject({ url: '/api/auth/google/login', remoteAddress: '10.1.0.3' }))
    }
    expect(signIns.map((a) => a.statusCode)).toEqual([302, 302, 302, 302, 429])
    const signInRetry = Number(signIns.at(-1)!.headers['retry-after'])
    expect(signInRetry).toBeGreaterThan(0)
    expect(signInRetry).toBeLessThanOrEqual(60)
  })
})
