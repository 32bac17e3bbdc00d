import { describe, expect, it } from 'vitest'
import { withRetry } from './retry.js'

const httpError = (status: number, retryAfter?: string) =>
  Object.assign(new Error(`HTTP ${status}`), {
    response: { status, headers: new Headers(retryAfter ? { 'retry-after': retryAfter } : {}) },
  })

describe('withRetry', () => {
  it('retries 429 and 5xx with growing, jittered waits until it succeeds', async () => {
    const waits: number[] = []
    let calls = 0
    const result = await withRetry(
      async () => {
        calls++
        if (calls === 1) throw httpError(429)
        if (calls === 2) throw httpError(503)
        return 'ok'
      },
      { random: () => 1, baseMs: 100, sleep: async (ms) => void waits.push(ms) },
    )
    expect(result).toBe('ok')
    expect(waits).toEqual([100, 200])
  })

  it('waits at least as long as Retry-After says', async () => {
    const waits: number[] = []
    let calls = 0
    await withRetry(
      async () => {
        if (calls++ === 0) throw httpError(429, '3')
        return 'ok'
      },
      { random: () => 0, sleep: async (ms) => void waits.push(ms) },
    )
    expect(waits).toEqual([3000])
  })

  it("retries Gmail's rate-limit 403s, but not a 403 for missing permission", async () => {
    const forbidden = (reason: string) =>
      Object.assign(httpError(403), {
        response: {
          status: 403,
          headers: new Headers(),
          data: { error: { errors: [{ reason }] } },
        },
      })
    let calls = 0
    const result = await withRetry(
      async () => {
        if (calls++ === 0) throw forbidden('userRateLimitExceeded')
        return 'ok'
      },
      { sleep: async () => {} },
    )
    expect(result).toBe('ok')
    calls = 0
    await expect(
      withRetry(async () => {
        calls++
        throw forbidden('insufficientPermissions')
      }),
    ).rejects.toThrow('HTTP 403')
    expect(calls).toBe(1)
  })

  it('does not retry a 404 or a 400, and gives up after the last attempt', async () => {
    let calls = 0
    await expect(
      withRetry(async () => {
        calls++
        throw httpError(404)
      }),
    ).rejects.toThrow('HTTP 404')
    expect(calls).toBe(1)
    calls = 0
    const never = withRetry(
      async () => {
        calls++
        throw httpError(500)
      },
      { attempts: 3, sleep: async () => {} },
    )
    await expect(never).rejects.toThrow('HTTP 500')
    expect(calls).toBe(3)
  })
})
