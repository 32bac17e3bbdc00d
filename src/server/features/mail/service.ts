import type { FastifyBaseLogger } from 'fastify'
import {
  FOLLOW_UP_LABEL,
  MAX_MESSAGE_BYTES,
  type ThreadAction,
  type ThreadList,
} from '../../../contract/mail.js'
import type { UserRow } from '../../db/schema.js'
import { BadRequest, NotFound, UpstreamError } from '../../lib/errors.js'
import type { AuthService } from '../auth/service.js'
import { GmailNotConnected, GmailSession } from './gmail.js'
import { buildRawMessage } from './mime.js'
import { presentThread, presentThreadDetail } from './present.js'
import { GMAIL_UNITS, QuotaBudget } from './quota.js'
import { decodeCursor, encodeCursor, type MailRepository } from './repository.js'
import type { MailSync, SyncOutcome } from './sync.js'

/** A cache older than this is refreshed in the background when the inbox is read. */
const STALE_AFTER_MS = 30_000

type Outgoing = {
  to: string
  cc?: string
  bcc?: string
  subject: string
  body: string
  threadId?: string
  replyToMessageId?: string
  attachments: { filename: string; mimeType: string; contentBase64: string }[]
  draftId?: string
}

type RunningSync = { done: Promise<SyncOutcome | null>; firstPage: Promise<void> }

const LABEL_CHANGES: Record<
  Exclude<ThreadAction, 'trash' | 'untrash' | 'flag' | 'unflag'>,
  { add: string[]; remove: string[] }
> = {
  archive: { add: [], remove: ['INBOX'] },
  unarchive: { add: ['INBOX'], remove: [] },
  star: { add: ['STARRED'], remove: [] },
  unstar: { add: [], remove: ['STARRED'] },
  read: { add: [], remove: ['UNREAD'] },
  unread: { add: ['UNREAD'], remove: [] },
}

export function createMailService(deps: {
  repo: MailRepository
  sync: MailSync
  auth: AuthService
  apiRootUrl: string
  quotaUnitsPerMinute: number
  log: FastifyBaseLogger
}) {
  const { repo, sync, auth, log } = deps
  const budgets = new Map<string, QuotaBudget>()
  const running = new Map<string, RunningSync>()
  /** When each user's last sync started: a failing sync is not retried on every read. */
  const lastStarted = new Map<string, number>()

  function budgetFor(userId: string): QuotaBudget {
    let budget = budgets.get(userId)
    if (!budget) {
      budget = new QuotaBudget(deps.quotaUnitsPerMinute)
      budgets.set(userId, budget)
    }
    return budget
  }

  function gmailFor(user: UserRow): GmailSession {
    const client = auth.googleClientFor(user)
    if (!client) throw new GmailNotConnected()
    return new GmailSession(client, deps.apiRootUrl, budgetFor(user.id), () =>
      auth.markGmailRevoked(user.id),
    )
  }

  /** Starts a sync unless one of this user's is already running here; shares it otherwise. */
  function startSync(user: UserRow): RunningSync {
    const existing = running.get(user.id)
    if (existing) return existing
    let firstPageReady!: () => void
    const firstPage = new Promise<void>((resolve) => (firstPageReady = resolve))
    const gmail = gmailFor(user)
    lastStarted.set(user.id, Date.now())
    const done = sync.sync(gmail, user.id, firstPageReady).finally(() => {
      firstPageReady()
      running.delete(user.id)
    })
    const entry = { done, firstPage }
    running.set(user.id, entry)
    return entry
  }

  function syncInBackground(user: UserRow): RunningSync {
    const entry = startSync(user)
    entry.done.catch((error: unknown) =>
      log.warn({ err: error, userId: user.id }, 'mail sync failed'),
    )
    return entry
  }

  async function labelNames(userId: string): Promise<Record<string, string>> {
    return (await repo.getSyncState(userId))?.labelNames ?? {}
  }

  /** The Gmail id of the Follow-up label, created on first use (D3). */
  async function followUpLabelId(gmail: GmailSession, userId: string): Promise<string> {
    const names = await labelNames(userId)
    const known = Object.entries(names).find(([, name]) => name === FOLLOW_UP_LABEL)
    if (known) return known[0]
    const { labels = [] } = await gmail.call(GMAIL_UNITS.labelsList, (api) =>
      api.users.labels.list({ userId: 'me' }),
    )
    const label =
      labels.find((l) => l.name === FOLLOW_UP_LABEL) ??
      (await gmail.call(GMAIL_UNITS.labelsCreate, (api) =>
        api.users.labels.create({
          userId: 'me',
          requestBody: {
            name: FOLLOW_UP_LABEL,
            labelListVisibility: 'labelShow',
            messageListVisibility: 'show',
          },
        }),
      ))
    if (!label.id) throw new UpstreamError('Gmail created the Follow-up label without an id')
    await repo.saveSyncState(userId, { labelNames: { ...names, [label.id]: FOLLOW_UP_LABEL } })
    return label.id
  }

  async function composeRaw(user: UserRow, input: Outgoing) {
    const attachments = input.attachments.map((a) => ({
      filename: a.filename,
      mimeType: a.mimeType,
      content: Buffer.from(a.contentBase64, 'base64'),
    }))
    const bytes =
      attachments.reduce((sum, a) => sum + a.content.length, 0) + Buffer.byteLength(input.body)
    if (bytes > MAX_MESSAGE_BYTES) {
      throw new BadRequest(
        'The message is larger than Gmail allows (25 MB with attachments)',
        'too_large',
      )
    }
    let threadId = input.threadId
    let inReplyTo: string | undefined
    let references: string | undefined
    if (input.replyToMessageId) {
      const original = await repo.getMessage(user.id, input.replyToMessageId)
      if (!original) throw new NotFound('The message you are replying to is not in this mailbox')
      threadId ??= original.threadId
      inReplyTo = original.messageIdHeader
      references = [original.referencesHeader, original.messageIdHeader].filter(Boolean).join(' ')
    }
    const raw = await buildRawMessage({
      from: { name: user.name, address: user.email },
      to: input.to,
      cc: input.cc,
      bcc: input.bcc,
      subject: input.subject,
      text: input.body,
      inReplyTo,
      references,
      attachments,
    })
    return { raw, threadId }
  }

  return {
    /** The inbox from the cache; a first visit waits for the first page of the first sync. */
    async listThreads(
      user: UserRow,
      query: { label: string; q?: string; limit: number; cursor?: string },
    ): Promise<ThreadList> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      const cursor = query.cursor ? decodeCursor(query.cursor) : null
      if (query.cursor && !cursor) throw new BadRequest('cursor: is not a cursor from this API')
      let state = await repo.getSyncState(user.id)
      const now = Date.now()
      const stale =
        (!state?.lastSyncedAt || now - state.lastSyncedAt.getTime() > STALE_AFTER_MS) &&
        now - (lastStarted.get(user.id) ?? 0) > STALE_AFTER_MS
      let syncing = running.has(user.id)
      if (!state?.historyId) {
        await syncInBackground(user).firstPage
        syncing = running.has(user.id)
        state = await repo.getSyncState(user.id)
      } else if (stale && !syncing) {
        syncInBackground(user)
        syncing = true
      }
      const [rows, total] = await Promise.all([
        repo.listThreads(user.id, { ...query, cursor }),
        repo.countThreads(user.id, query),
      ])
      const names = state?.labelNames ?? {}
      const last = rows.at(-1)
      return {
        threads: rows.map((row) => presentThread(row, names)),
        nextCursor:
          rows.length === query.limit && last
            ? encodeCursor({ date: last.thread.lastMessageDate, threadId: last.thread.threadId })
            : null,
        total,
        syncing,
      }
    },

    async getThread(user: UserRow, threadId: string) {
      const detail = await repo.getThread(user.id, threadId)
      if (!detail) throw new NotFound('No such conversation')
      return presentThreadDetail(detail, await labelNames(user.id))
    },

    /** Does the action in Gmail, then in the cache, and answers the thread as it now is. */
    async act(user: UserRow, threadId: string, action: ThreadAction) {
      if (!(await repo.getThreadRow(user.id, threadId))) throw new NotFound('No such conversation')
      const gmail = gmailFor(user)
      const gone = { notFound: 'This conversation no longer exists in Gmail' }
      try {
        if (action === 'trash' || action === 'untrash') {
          await gmail.call(
            GMAIL_UNITS.threadsTrash,
            (api) =>
              action === 'trash'
                ? api.users.threads.trash({ userId: 'me', id: threadId })
                : api.users.threads.untrash({ userId: 'me', id: threadId }),
            gone,
          )
          const change =
            action === 'trash' ? { add: ['TRASH'], remove: [] } : { add: [], remove: ['TRASH'] }
          await repo.changeThreadLabels(user.id, threadId, change.add, change.remove)
        } else {
          const change =
            action === 'flag' || action === 'unflag'
              ? await followUpLabelId(gmail, user.id).then((id) =>
                  action === 'flag' ? { add: [id], remove: [] } : { add: [], remove: [id] },
                )
              : LABEL_CHANGES[action]
          await gmail.call(
            GMAIL_UNITS.threadsModify,
            (api) =>
              api.users.threads.modify({
                userId: 'me',
                id: threadId,
                requestBody: { addLabelIds: change.add, removeLabelIds: change.remove },
              }),
            gone,
          )
          await repo.changeThreadLabels(user.id, threadId, change.add, change.remove)
        }
      } catch (error) {
        // Deleted in Gmail since the last sync: the cache lets go of it too.
        if (error instanceof NotFound) await repo.deleteThread(user.id, threadId)
        throw error
      }
      const row = await repo.getThreadRow(user.id, threadId)
      if (!row) throw new NotFound('No such conversation')
      return presentThread(row, await labelNames(user.id))
    },

    async send(user: UserRow, input: Outgoing) {
      const gmail = gmailFor(user)
      const { raw, threadId } = await composeRaw(user, input)
      const sent = await gmail.call(
        GMAIL_UNITS.messagesSend,
        (api) => api.users.messages.send({ userId: 'me', requestBody: { raw, threadId } }),
        { notFound: 'The conversation you are replying to no longer exists in Gmail' },
      )
      if (!sent.id || !sent.threadId) {
        throw new UpstreamError('Gmail accepted the message without saying its id')
      }
      if (input.draftId) {
        const draftId = input.draftId
        await gmail
          .call(GMAIL_UNITS.draftsDelete, (api) =>
            api.users.drafts.delete({ userId: 'me', id: draftId }),
          )
          .catch((error: unknown) => {
            // Already gone is what we wanted; anything else leaves a stray draft behind.
            if (!(error instanceof NotFound))
              log.warn({ err: error }, 'deleting the sent draft failed')
          })
      }
      await sync
        .refreshThread(gmail, user.id, sent.threadId)
        .catch((error: unknown) =>
          log.warn({ err: error }, 'caching the sent message failed; the next sync brings it'),
        )
      return { id: sent.id, threadId: sent.threadId }
    },

    async saveDraft(user: UserRow, input: Outgoing) {
      const gmail = gmailFor(user)
      const { raw, threadId } = await composeRaw(user, input)
      const requestBody = { message: { raw, threadId } }
      const draft = input.draftId
        ? await gmail.call(
            GMAIL_UNITS.draftsUpdate,
            (api) => api.users.drafts.update({ userId: 'me', id: input.draftId!, requestBody }),
            { notFound: 'This draft, or the conversation it answers, no longer exists in Gmail' },
          )
        : await gmail.call(
            GMAIL_UNITS.draftsCreate,
            (api) => api.users.drafts.create({ userId: 'me', requestBody }),
            { notFound: 'The conversation this draft answers no longer exists in Gmail' },
          )
      if (!draft.id) throw new UpstreamError('Gmail saved the draft without saying its id')
      return { draftId: draft.id }
    },

    async attachment(user: UserRow, messageId: string, attachmentId: string) {
      const message = await repo.getMessage(user.id, messageId)
      const meta = message?.attachments.find((a) => a.attachmentId === attachmentId)
      if (!message || !meta) throw new NotFound('No such attachment')
      const body = await gmailFor(user).call(
        GMAIL_UNITS.attachmentsGet,
        (api) => api.users.messages.attachments.get({ userId: 'me', messageId, id: attachmentId }),
        { notFound: 'This attachment no longer exists in Gmail' },
      )
      return { ...meta, content: Buffer.from(body.data ?? '', 'base64url') }
    },

    /** Refresh: an incremental sync now (joins a running one). */
    async refresh(user: UserRow): Promise<SyncOutcome> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      const outcome = await startSync(user).done
      return outcome ?? { full: false, changed: 0 }
    },

    async unreadCount(user: UserRow): Promise<number> {
      return repo.unreadInboxCount(user.id)
    },

    /** Waits for every sync this process started (graceful shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.allSettled([...running.values()].map((r) => r.done))
    },
  }
}

export type MailService = ReturnType<typeof createMailService>
