import { gmail, type gmail_v1 } from '@googleapis/gmail'
import type { OAuth2Client } from 'google-auth-library'
import { TooManyRequests, Unauthorized } from '../../lib/errors.js'
import { httpStatus, isRetryable, withRetry } from './retry.js'
import type { QuotaBudget } from './quota.js'

export class GmailNotConnected extends Unauthorized {
  constructor() {
    super('Gmail is not connected', 'gmail_not_connected')
  }
}

/** True when Google says the grant is gone: a refresh answered invalid_grant, or a 401. */
function isRevoked(error: unknown): boolean {
  const e = error as { response?: { status?: number; data?: { error?: string } } }
  return httpStatus(error) === 401 || e.response?.data?.error === 'invalid_grant'
}

/**
 * One user's Gmail: the API client plus the discipline every call goes through — the
 * quota budget, retries with backoff on 429/5xx, and the revoked-grant check.
 */
export class GmailSession {
  readonly api: gmail_v1.Gmail

  constructor(
    auth: OAuth2Client,
    rootUrl: string,
    private readonly budget: QuotaBudget,
    private readonly onRevoked: () => Promise<void>,
  ) {
    // gaxios retries are off: withRetry owns retrying, so waits are jittered and counted.
    this.api = gmail({ version: 'v1', auth, rootUrl, retry: false, timeout: 60_000 })
  }

  async call<T>(units: number, fn: (api: gmail_v1.Gmail) => Promise<{ data: T }>): Promise<T> {
    try {
      return await withRetry(async () => {
        await this.budget.take(units)
        return (await fn(this.api)).data
      })
    } catch (error) {
      if (isRevoked(error)) {
        await this.onRevoked()
        throw new GmailNotConnected()
      }
      // Still throttled after every retry: say so plainly instead of a 500.
      const status = httpStatus(error)
      if ((status === 429 || status === 403) && isRetryable(error)) {
        throw new TooManyRequests(
          'Gmail asked Inkwell to slow down; try again in a few minutes',
          'gmail_rate_limited',
        )
      }
      throw error
    }
  }
}
