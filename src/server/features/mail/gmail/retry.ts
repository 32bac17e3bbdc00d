/** What a failed Gmail call looked like, as far as retrying is concerned. */
type HttpFailure = { status?: number; retryAfter?: string | null; code?: string }

function describe(error: unknown): HttpFailure {
  if (typeof error !== 'object' || error === null) return {}
  const e = error as {
    status?: number
    code?: string | number
    response?: { status?: number; headers?: Headers | Record<string, string> }
  }
  const headers = e.response?.headers
  const retryAfter =
    headers instanceof Headers ? headers.get('retry-after') : (headers?.['retry-after'] ?? null)
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined)
  return { status, retryAfter, code: typeof e.code === 'string' ? e.code : undefined }
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
])

/**
 * Gmail also answers 403 for rate limits (userRateLimitExceeded, rateLimitExceeded); a 403
 * for anything else (no permission) is final.
 */
function isRateLimit403(error: unknown): boolean {
  const data = (error as { response?: { data?: unknown } }).response?.data
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? '')
  return /rateLimitExceeded|rate limit/i.test(text)
}

/**
 * Refusals that say Gmail did nothing (429 and rate-limit 403s): the only ones a call that
 * must not run twice (a send) retries. A 5xx or a dropped connection may come after the work.
 */
export function isRefusedUndone(error: unknown): boolean {
  const { status } = describe(error)
  return status === 429 || (status === 403 && isRateLimit403(error))
}

/** 429, 5xx, rate-limit 403s and dropped connections are worth another try. */
export function isRetryable(error: unknown): boolean {
  const { status, code } = describe(error)
  if (status === 429 || (status !== undefined && status >= 500)) return true
  if (status === 403) return isRateLimit403(error)
  return status === undefined && code !== undefined && NETWORK_CODES.has(code)
}

export function httpStatus(error: unknown): number | undefined {
  return describe(error).status
}

/** Retry-After in ms (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(error: unknown, now = Date.now()): number | null {
  const value = describe(error).retryAfter
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

export type RetryOptions = {
  attempts?: number
  /** Which failures are tried again; `isRetryable` unless said. */
  retryable?: (error: unknown) => boolean
  baseMs?: number
  maxMs?: number
  random?: () => number
  sleep?: (ms: number) => Promise<void>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Calls `fn`, retrying 429/5xx with exponential backoff and full jitter, honouring
 * Retry-After — so a throttled mailbox slows down instead of storming Gmail (decision 004).
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 6, baseMs = 250, maxMs = 20_000, random = Math.random } = options
  const retryable = options.retryable ?? isRetryable
  const wait = options.sleep ?? sleep
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error
      const backoff = random() * Math.min(maxMs, baseMs * 2 ** (attempt - 1))
      await wait(Math.min(maxMs, Math.max(backoff, retryAfterMs(error) ?? 0)))
    }
  }
}
