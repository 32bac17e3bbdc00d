import { gmail, type gmail_v1 } from '@googleapis/gmail'
import type { OAuth2Client } from 'google-auth-library'
import { NotFound, TooManyRequests, Unauthorized, UpstreamError } from '../../lib/errors.js'
import { httpStatus, isRefusedUndone, isRetryable, withRetry } from './retry.js'
import type { GmailOperation, QuotaBudget } from './quota.js'

export class GmailNotConnected extends Unauthorized {
  constructor() {
    super('Gmail is not connected', 'gmail_not_connected')
  }
}

/**
 * gaxios marks its errors (an HTTP answer, a refused connection, a timeout) with this symbol;
 * it is how gaxios's own `instanceof` works, and gaxios is not a dependency of ours to import.
 */
const GAXIOS_ERROR = Symbol.for('gaxios-gaxios-error')

/** True when Google says the grant is gone: a refresh answered invalid_grant, or a 401. */
function isRevoked(error: unknown): boolean {
  const e = error as { response?: { status?: number; data?: { error?: string } } }
  return httpStatus(error) === 401 || e.response?.data?.error === 'invalid_grant'
}

/**
 * The one place a failed Gmail exchange becomes a typed error, once retrying has given up:
 * 404 → NotFound saying `notFound`; still throttled → 429; any other answer, or no answer
 * at all → 502. Gmail's answer stays as `cause`, for the log. Anything else (a bug in the
 * caller's code) passes through unchanged and is a 500.
 */
export function typedGmailError(error: unknown, notFound: string): unknown {
  const status = httpStatus(error)
  if (status === 404) return new NotFound(notFound, 'not_found', { cause: error })
  if ((status === 429 || status === 403) && isRetryable(error)) {
    return new TooManyRequests(
      'Gmail asked Inkwell to slow down; try again in a few minutes',
      'gmail_rate_limited',
      { cause: error },
    )
  }
  if (status !== undefined) {
    const message =
      status >= 500
        ? 'Gmail is having trouble right now; try again in a moment'
        : `Gmail refused the request (HTTP ${status})`
    return new UpstreamError(message, undefined, { cause: error })
  }
  if (typeof error === 'object' && error !== null && GAXIOS_ERROR in error) {
    const message = 'Gmail could not be reached; try again in a moment'
    return new UpstreamError(message, undefined, { cause: error })
  }
  return error
}

export type GmailCallOptions = {
  /** What the user is told when Gmail has no such item (a thread, draft, attachment). */
  notFound?: string
  /**
   * The call must not run twice (a send): it is retried only when Gmail refused it undone
   * (429), never after a 5xx or a dropped connection, which may come after the mail went out.
   */
  notIdempotent?: boolean
}

/**
 * One user's Gmail: the API client plus the discipline every call goes through — the
 * quota budget, retries with backoff on 429/5xx, the revoked-grant check, and typed errors.
 */
export class GmailSession {
  readonly api: gmail_v1.Gmail

  constructor(
    auth: OAuth2Client,
    rootUrl: string,
    private readonly budget: QuotaBudget,
    /** Each operation's price in the quota model in use. */
    private readonly prices: Record<GmailOperation, number>,
    private readonly onRevoked: () => Promise<void>,
    /** A background job's calls leave room in the bucket for the user's own (quota.ts). */
    private readonly background = false,
  ) {
    // gaxios retries are off: withRetry owns retrying, so waits are jittered and counted.
    this.api = gmail({ version: 'v1', auth, rootUrl, retry: false, timeout: 60_000 })
  }

  /** What `operation` costs in the quota model in use. */
  priceOf(operation: GmailOperation): number {
    return this.prices[operation]
  }

  /** What the user's shared quota bucket holds now; null when calls are not paced. */
  quotaHeadroom() {
    return this.budget.headroom()
  }

  /** One Gmail call: `operation` names it, and its price comes from the quota model in use. */
  async call<T>(
    operation: GmailOperation,
    fn: (api: gmail_v1.Gmail) => Promise<{ data: T }>,
    options: GmailCallOptions = {},
  ): Promise<T> {
    try {
      return await withRetry(
        async () => {
          await this.budget.take(this.prices[operation], this.background)
          return (await fn(this.api)).data
        },
        options.notIdempotent ? { retryable: isRefusedUndone } : {},
      )
    } catch (error) {
      if (isRevoked(error)) {
        await this.onRevoked()
        throw new GmailNotConnected()
      }
      throw typedGmailError(error, options.notFound ?? 'Gmail no longer has this item')
    }
  }
}
