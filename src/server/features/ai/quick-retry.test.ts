import { describe, expect, it } from 'vitest'
import { APICallError } from 'ai'
import { QUICK_RETRY_DELAY_MS, quickRetryDelay } from './model-run.js'

const failure = (statusCode: number | undefined, responseHeaders: Record<string, string> = {}) =>
  new APICallError({
    message: 'failed',
    url: 'http://provider.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders,
  })

describe('the one quick retry (decision 046)', () => {
  it('is for a 429 or a 5xx that came early', () => {
    for (const status of [429, 500, 502, 503, 529]) {
      expect(quickRetryDelay(failure(status), 10)).toBe(QUICK_RETRY_DELAY_MS)
    }
    for (const status of [400, 401, 403, 404, 408, 409, 422]) {
      expect(quickRetryDelay(failure(status), 10)).toBeNull()
    }
    // No answer at all (a refused connection), or not the provider's error.
    expect(quickRetryDelay(failure(undefined), 10)).toBeNull()
    expect(quickRetryDelay(new Error('boom'), 10)).toBeNull()
    // A failure after a second could not be retried and still reach the user within 2 s.
    expect(quickRetryDelay(failure(500), 1500)).toBeNull()
  })

  it('waits what a provider asks for up to a second, and does not retry one asking for more', () => {
    expect(quickRetryDelay(failure(429, { 'retry-after-ms': '600' }), 10)).toBe(600)
    expect(quickRetryDelay(failure(429, { 'retry-after': '0' }), 10)).toBe(QUICK_RETRY_DELAY_MS)
    expect(quickRetryDelay(failure(429, { 'retry-after': '30' }), 10)).toBeNull()
    expect(
      quickRetryDelay(failure(503, { 'retry-after': 'Wed, 21 Oct 2099 07:28:00 GMT' }), 10),
    ).toBeNull()
  })
})
