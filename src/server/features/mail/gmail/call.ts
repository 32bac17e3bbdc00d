import type { gmail_v1 } from '@googleapis/gmail'
import { NotFound, TooManyRequests, Unauthorized, UpstreamError } from '../../../lib/errors.js'
import type { GmailOperation } from './quota.js'
import { httpStatus, isRetryable } from './retry.js'

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
export function isRevoked(error: unknown): boolean {
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
 * One Gmail call, as a resource file makes it: `operation` names it (its price is in
 * quota.ts), `fn` is the API request. The session runs it through the quota budget, retries,
 * the revoked-grant check and typed errors.
 */
export type GmailCall = <T>(
  operation: GmailOperation,
  fn: (api: gmail_v1.Gmail) => Promise<{ data: T }>,
  options?: GmailCallOptions,
) => Promise<T>
