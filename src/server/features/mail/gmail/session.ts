import { gmail, type gmail_v1 } from '@googleapis/gmail'
import type { OAuth2Client } from 'google-auth-library'
import {
  GmailNotConnected,
  isRevoked,
  typedGmailError,
  type GmailCall,
  type GmailCallOptions,
} from './call.js'
import { gmailDrafts } from './drafts.js'
import { gmailHistory } from './history.js'
import { gmailLabels } from './labels.js'
import { gmailMessages } from './messages.js'
import { gmailSettings } from './settings.js'
import type { GmailOperation, QuotaBudget } from './quota.js'
import { isRefusedUndone, isRetryable, withRetry } from './retry.js'
import { gmailThreads } from './threads.js'
import { gmailWatch } from './watch.js'

/**
 * One user's Gmail: every Gmail operation Inkwell makes, grouped by Gmail's resource
 * (`session.threads.get(...)`, `session.drafts.save(...)`, one file each in this folder), and
 * the discipline every call goes through — the quota budget, retries with backoff on 429/5xx,
 * the revoked-grant check, and typed errors. Nothing outside reaches the API client: a new
 * call is a new operation in its resource's file, with its price in quota.ts.
 */
export class GmailSession {
  readonly #api: gmail_v1.Gmail
  readonly threads
  readonly messages
  readonly history
  readonly labels
  readonly drafts
  readonly watch
  readonly settings

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
    this.#api = gmail({ version: 'v1', auth, rootUrl, retry: false, timeout: 60_000 })
    const call: GmailCall = (operation, fn, options) => this.#call(operation, fn, options)
    this.threads = gmailThreads(call)
    this.messages = gmailMessages(call)
    this.history = gmailHistory(call)
    this.labels = gmailLabels(call)
    this.drafts = gmailDrafts(call)
    this.watch = gmailWatch(call)
    this.settings = gmailSettings(call)
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
  async #call<T>(
    operation: GmailOperation,
    fn: (api: gmail_v1.Gmail) => Promise<{ data: T }>,
    options: GmailCallOptions = {},
  ): Promise<T> {
    const retryable = options.notIdempotent ? isRefusedUndone : isRetryable
    // The quota bucket is PostgreSQL, not Gmail: its failure is not Gmail's to retry. Its lost
    // connection has a network code (ECONNREFUSED) that reads as Gmail unreachable, and a sync
    // whose database had stopped (a Ctrl-C reaches the demo's embedded one too) slept through
    // up to six backoffs per call, holding its worker past the drain's 4 s.
    let budgetFailure: unknown
    try {
      return await withRetry(
        async () => {
          await this.budget.take(this.prices[operation], this.background).catch((error) => {
            budgetFailure = error
            throw error
          })
          try {
            return (await fn(this.#api)).data
          } catch (error) {
            // Over the user's quota by Gmail's count: the shared bucket starts again from empty.
            if (isRefusedUndone(error)) await this.budget.refused().catch(() => {})
            throw error
          }
        },
        { retryable: (error) => error !== budgetFailure && retryable(error) },
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
