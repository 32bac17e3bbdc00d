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

/** How a message list or thread list is narrowed (Gmail's own parameters). */
type ListQuery = { q?: string; labelIds?: string[]; maxResults: number; pageToken?: string }
/** A raw RFC 822 message, base64url, and the conversation it belongs to. */
type RawMessage = { raw: string; threadId?: string }

/**
 * One user's Gmail: every Gmail operation Inkwell makes, each in one place, and the discipline
 * every call goes through — the quota budget, retries with backoff on 429/5xx, the
 * revoked-grant check, and typed errors. Nothing outside reaches the API client: a new call
 * is a new method here, with its price in quota.ts.
 */
export class GmailSession {
  readonly #api: gmail_v1.Gmail

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
  }

  /** What `operation` costs in the quota model in use. */
  priceOf(operation: GmailOperation): number {
    return this.prices[operation]
  }

  /** What the user's shared quota bucket holds now; null when calls are not paced. */
  quotaHeadroom() {
    return this.budget.headroom()
  }

  // Threads

  listThreads(query: ListQuery) {
    return this.#call('threadsList', (api) => api.users.threads.list({ userId: 'me', ...query }))
  }

  /** A whole thread (`full`), or its messages' `headers` only (`metadata`). */
  getThread(id: string, format: 'full' | { metadataHeaders: string[] }, notFound?: string) {
    const params = format === 'full' ? { format } : { format: 'metadata', ...format }
    return this.#call(
      'threadsGet',
      (api) => api.users.threads.get({ userId: 'me', id, ...params }),
      { notFound },
    )
  }

  modifyThread(id: string, add: string[], remove: string[], notFound?: string) {
    return this.#call(
      'threadsModify',
      (api) =>
        api.users.threads.modify({
          userId: 'me',
          id,
          requestBody: { addLabelIds: add, removeLabelIds: remove },
        }),
      { notFound },
    )
  }

  /** Moves a thread to the Trash (`trash`) or back out of it. */
  trashThread(id: string, trash: boolean, notFound?: string) {
    return this.#call(
      'threadsTrash',
      (api) =>
        trash
          ? api.users.threads.trash({ userId: 'me', id })
          : api.users.threads.untrash({ userId: 'me', id }),
      { notFound },
    )
  }

  // Messages

  listMessages(query: ListQuery & { includeSpamTrash?: boolean }) {
    return this.#call('messagesList', (api) => api.users.messages.list({ userId: 'me', ...query }))
  }

  getMessageHeaders(id: string, metadataHeaders: string[]) {
    return this.#call('messagesGet', (api) =>
      api.users.messages.get({ userId: 'me', id, format: 'metadata', metadataHeaders }),
    )
  }

  getAttachment(messageId: string, attachmentId: string, notFound?: string) {
    return this.#call(
      'attachmentsGet',
      (api) => api.users.messages.attachments.get({ userId: 'me', messageId, id: attachmentId }),
      { notFound },
    )
  }

  /**
   * Sends a message. Never retried after a 5xx or a dropped connection, which may come after
   * the mail went out (decision 044): only after a 429, when Gmail did nothing.
   */
  sendMessage(message: RawMessage, notFound?: string) {
    return this.#call(
      'messagesSend',
      (api) => api.users.messages.send({ userId: 'me', requestBody: message }),
      { notFound, notIdempotent: true },
    )
  }

  listHistory(startHistoryId: string, pageToken?: string) {
    return this.#call('historyList', (api) =>
      api.users.history.list({ userId: 'me', startHistoryId, maxResults: 500, pageToken }),
    )
  }

  // Labels

  listLabels() {
    return this.#call('labelsList', (api) => api.users.labels.list({ userId: 'me' }))
  }

  createLabel(label: gmail_v1.Schema$Label) {
    return this.#call('labelsCreate', (api) =>
      api.users.labels.create({ userId: 'me', requestBody: label }),
    )
  }

  // Drafts

  listDrafts(maxResults: number) {
    return this.#call('draftsList', (api) => api.users.drafts.list({ userId: 'me', maxResults }))
  }

  getDraft(id: string, notFound?: string) {
    return this.#call(
      'draftsGet',
      (api) => api.users.drafts.get({ userId: 'me', id, format: 'full' }),
      { notFound },
    )
  }

  /** Saves a draft: a new one, or the draft `id` replaced. */
  saveDraft(message: RawMessage, id: string | undefined, notFound?: string) {
    const requestBody = { message }
    return id
      ? this.#call(
          'draftsUpdate',
          (api) => api.users.drafts.update({ userId: 'me', id, requestBody }),
          { notFound },
        )
      : this.#call(
          'draftsCreate',
          (api) => api.users.drafts.create({ userId: 'me', requestBody }),
          {
            notFound,
          },
        )
  }

  deleteDraft(id: string, notFound?: string) {
    return this.#call('draftsDelete', (api) => api.users.drafts.delete({ userId: 'me', id }), {
      notFound,
    })
  }

  // Push

  watch(request: gmail_v1.Schema$WatchRequest) {
    return this.#call('watch', (api) => api.users.watch({ userId: 'me', requestBody: request }))
  }

  /** One Gmail call: `operation` names it, and its price comes from the quota model in use. */
  async #call<T>(
    operation: GmailOperation,
    fn: (api: gmail_v1.Gmail) => Promise<{ data: T }>,
    options: GmailCallOptions = {},
  ): Promise<T> {
    try {
      return await withRetry(
        async () => {
          await this.budget.take(this.prices[operation], this.background)
          return (await fn(this.#api)).data
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
