import type { FastifyBaseLogger } from 'fastify'
import type { RecipientSuggestion, ThreadAction } from '../../../contract/mail.js'
import { FOLLOW_UP_LABEL, labelChange } from '../../../contract/thread-labels.js'
import type { UserRow } from '../../db/schema.js'
import { AppError, NotFound, UpstreamError } from '../../lib/errors.js'
import { draftsOf } from './send/drafts.js'
import { GmailNotConnected } from './gmail/call.js'
import type { GmailSession } from './gmail/session.js'
import { createMailLists } from './read/list.js'
import type { GmailAccess } from './gmail/access.js'
import type { EventBus } from '../../lib/events.js'
import type { SendRequestsRepository } from './store/send-requests-repository.js'
import { parseAddresses } from './message/parse.js'
import { presentThread, presentThreadDetail } from './read/present.js'
import type { MailRepository } from './store/repository.js'
import type { MailScheduler } from './sync/scheduler.js'
import type { MailSync, SyncOutcome } from './sync/sync.js'
import { createOutgoingMail } from './send/outgoing.js'

/** How many of the latest sent messages the top correspondents are counted from. */
const SENT_MESSAGES_COUNTED = 300

export function createMailService(deps: {
  repo: MailRepository
  sync: MailSync
  scheduler: MailScheduler
  gmail: GmailAccess
  events: EventBus
  sendRequests: SendRequestsRepository
  log: FastifyBaseLogger
}) {
  const { repo, sync, scheduler, log } = deps
  const gmailFor = deps.gmail.forUser
  const draftsFor = (user: UserRow) =>
    draftsOf(gmailFor(user), (headers) => repo.messageIdsByHeader(user.id, headers))

  const lists = createMailLists({ repo, scheduler, gmailFor, events: deps.events, log })

  /**
   * Tells the user's other open apps (tabs, devices, instances) to look again. This instance's
   * next list answer sees the change at once; every other instance's does once the event has
   * reached it, which is awaited before the change is answered, so the reload the answer
   * prompts never meets another instance's snapshot from before it (decision 038).
   */
  async function announceChange(userId: string, threadIds: string[]): Promise<void> {
    lists.forget(userId)
    await deps.events
      .publish(userId, { type: 'mail.changed', threadIds }, { delivered: true })
      .catch((error: unknown) => log.warn({ err: error }, 'announcing a change failed'))
  }

  async function labelNames(userId: string): Promise<Record<string, string>> {
    return (await repo.getSyncState(userId))?.labelNames ?? {}
  }

  /** The Gmail id of the Follow-up label, created on first use (decision 031). */
  async function followUpLabelId(gmail: GmailSession, userId: string): Promise<string> {
    const names = await labelNames(userId)
    const known = Object.entries(names).find(([, name]) => name === FOLLOW_UP_LABEL)
    if (known) return known[0]
    const { labels = [] } = await gmail.labels.list()
    const label =
      labels.find((l) => l.name === FOLLOW_UP_LABEL) ??
      (await gmail.labels.create({
        name: FOLLOW_UP_LABEL,
        labelListVisibility: 'labelShow',
        messageListVisibility: 'show',
      }))
    if (!label.id) throw new UpstreamError('Gmail created a label without saying its id')
    await repo.saveSyncState(userId, { labelNames: { ...names, [label.id]: FOLLOW_UP_LABEL } })
    return label.id
  }

  const outgoing = createOutgoingMail({
    repo,
    sync,
    gmailFor,
    announceChange,
    sendRequests: deps.sendRequests,
    log,
  })

  return {
    /**
     * Who the address fields suggest for `q`: saved contacts first, then people the user has
     * written to (from cached sent mail), each address once, never the user themself.
     */
    async suggestRecipients(user: UserRow, q: string, limit: number) {
      const needle = q.toLowerCase()
      const seen = new Set([user.email.toLowerCase()])
      const suggestions: RecipientSuggestion[] = []
      const add = (name: string, email: string, source: RecipientSuggestion['source']) => {
        const address = email.toLowerCase()
        if (seen.has(address) || suggestions.length >= limit) return
        seen.add(address)
        suggestions.push({ name: name === address ? '' : name, email: address, source })
      }
      for (const c of await repo.contactsMatching(user.id, q, limit))
        add(c.name, c.email, 'contact')
      // A header can name several people; only those matching the query are suggested.
      for (const header of await repo.sentRecipientHeaders(user.id, q, 50)) {
        for (const a of parseAddresses(header)) {
          if (a.email.includes(needle) || a.name.toLowerCase().includes(needle)) {
            add(a.name, a.email, 'sent')
          }
        }
      }
      return { suggestions }
    },

    /**
     * The people the user writes to most, from the To and Cc of their latest cached sent mail:
     * each address counted once per message, never the user themself, most first (the latest
     * first among equals); the name is the latest one a header gave them.
     */
    async topCorrespondents(user: UserRow, limit: number) {
      const own = user.email.toLowerCase()
      const counted = new Map<string, { name: string; email: string; count: number }>()
      // One header per field and message, newest first: pairs of To and Cc.
      const headers = await repo.sentRecipientHeaderPairs(user.id, SENT_MESSAGES_COUNTED)
      for (const { to, cc } of headers) {
        const inMessage = new Set<string>()
        for (const a of [...parseAddresses(to), ...parseAddresses(cc)]) {
          const email = a.email.toLowerCase()
          if (email === own || inMessage.has(email)) continue
          inMessage.add(email)
          const entry = counted.get(email)
          const name = a.name && a.name.toLowerCase() !== email ? a.name : ''
          if (entry) {
            entry.count++
            if (!entry.name) entry.name = name
          } else counted.set(email, { name, email, count: 1 })
        }
      }
      // Map order is first-seen, that is newest first: a stable sort keeps it among equals.
      return [...counted.values()].sort((a, b) => b.count - a.count).slice(0, limit)
    },

    /** Tells the user's open apps that these threads changed (organize/ uses it too). */
    announceChange,

    keptListEtag: lists.keptListEtag,
    prepareList: lists.prepareList,

    /**
     * One conversation in full. A thread the cold first page cached with headers only
     * (decision 023), or one a search found in Gmail beyond the cache (decision 024), is
     * fetched whole from Gmail first.
     */
    async getThread(user: UserRow, threadId: string) {
      let detail = await repo.getThread(user.id, threadId)
      if (detail ? detail.thread.metadataOnly : user.gmailConnected) {
        await sync.refreshThread(gmailFor(user), user.id, threadId)
        // Its list row is whole now: this instance's next list answer shows it so.
        lists.forget(user.id)
        detail = await repo.getThread(user.id, threadId)
      }
      if (!detail) throw new NotFound('No such conversation')
      return presentThreadDetail(detail, await labelNames(user.id))
    },

    /** Does the action in Gmail, then in the cache, and answers the thread as it now is. */
    async act(user: UserRow, threadId: string, action: ThreadAction) {
      if (!(await repo.getThreadRow(user.id, threadId))) throw new NotFound('No such conversation')
      const gmail = gmailFor(user)
      const gone = 'This conversation no longer exists in Gmail'
      try {
        if (action === 'trash' || action === 'untrash') {
          await gmail.threads.trash(threadId, action === 'trash', gone)
          const change = labelChange(action)
          await repo.changeThreadLabels(user.id, threadId, change.add, change.remove)
        } else {
          const followUp =
            action === 'flag' || action === 'unflag'
              ? await followUpLabelId(gmail, user.id)
              : undefined
          const change = labelChange(action, followUp)
          await gmail.threads.modify(threadId, change.add, change.remove, gone)
          await repo.changeThreadLabels(user.id, threadId, change.add, change.remove)
        }
      } catch (error) {
        // Deleted in Gmail since the last sync: the cache lets go of it too.
        if (error instanceof NotFound) {
          await repo.deleteThread(user.id, threadId)
          await announceChange(user.id, [threadId])
        }
        throw error
      }
      const row = await repo.getThreadRow(user.id, threadId)
      if (!row) throw new NotFound('No such conversation')
      await announceChange(user.id, [threadId])
      return presentThread(row, await labelNames(user.id))
    },

    send: outgoing.send,
    saveDraft: outgoing.saveDraft,
    /** After Gmail accepted a scheduled message at its time (send/scheduled.ts). */
    delivered: outgoing.delivered,

    /** The user's Gmail drafts, newest first (read from Gmail, not the cache). */
    async listDrafts(user: UserRow) {
      if (!user.gmailConnected) throw new GmailNotConnected()
      return draftsFor(user).list()
    },

    async getDraft(user: UserRow, draftId: string) {
      return draftsFor(user).get(draftId)
    },

    async draftAttachment(user: UserRow, draftId: string, index: number) {
      return draftsFor(user).attachment(draftId, index)
    },

    async deleteDraft(user: UserRow, draftId: string) {
      await draftsFor(user).delete(draftId)
    },

    async attachment(user: UserRow, messageId: string, attachmentId: string) {
      const message = await repo.getMessage(user.id, messageId)
      const meta = message?.attachments.find((a) => a.attachmentId === attachmentId)
      if (!message || !meta) throw new NotFound('No such attachment')
      const body = await gmailFor(user).messages.getAttachment(
        messageId,
        attachmentId,
        'This attachment no longer exists in Gmail',
      )
      return { ...meta, content: Buffer.from(body.data ?? '', 'base64url') }
    },

    /**
     * Refresh: a sync soon (joins one already queued), ahead of the background ones. Answers
     * its job id at once; the event stream says when it is done (issue 22: a Refresh held the
     * request up to 120 s, and a Ctrl-C behind it).
     */
    async requestSync(user: UserRow): Promise<{ jobId: string | null }> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      return { jobId: await scheduler.requestSync(user.id) }
    },

    /**
     * Refresh for a client that asked to wait (`Prefer: wait=N`): the sync's outcome, or its
     * job id when it has not ended within `waitMs` (it goes on, as a Refresh without waiting).
     */
    async syncAndWait(
      user: UserRow,
      waitMs: number,
    ): Promise<{ outcome: SyncOutcome } | { jobId: string | null }> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      const { jobId, event } = await scheduler.syncNow(user.id, waitMs)
      if (event?.type === 'sync.failed') throw new AppError(event.status, event.code, event.message)
      return event?.type === 'sync.done'
        ? { outcome: { changed: event.changed, full: event.full } }
        : { jobId }
    },

    async unreadCount(user: UserRow): Promise<number> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      return repo.unreadInboxCount(user.id)
    },

    /** Forgets the cached mailbox (Gmail was disconnected): threads, messages, sync state. */
    async forgetMailbox(userId: string): Promise<void> {
      // A sync still running would write the mailbox back: wait for it (its Gmail grant is
      // revoked, so it ends soon) and delete under its lock. Waiting holds no connection
      // between tries, so many waiters cannot starve the running sync of the pool.
      for (let attempt = 0; attempt < 150; attempt++) {
        if (await repo.withSyncLock(userId, () => repo.deleteMailbox(userId))) {
          await announceChange(userId, [])
          return
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      log.warn({ userId }, 'a sync held the mailbox for 15 s; deleting it anyway')
      await repo.deleteMailbox(userId)
      await announceChange(userId, [])
    },

    /** Recent cached mail with an address or in a thread, newest first (the AI's memory). */
    async recentConversation(
      userId: string,
      who: { email: string | null; threadId: string | null },
      limit: number,
    ) {
      const rows = await repo.recentMessagesWith(userId, who, limit)
      return rows.map((m) => ({
        from: m.fromName ? `${m.fromName} <${m.fromEmail}>` : m.fromEmail,
        date: m.internalDate,
        text: m.textBody || m.snippet,
      }))
    },

    /** The text of the user's latest sent messages in the cache, newest first. */
    async recentSentTexts(userId: string, limit: number): Promise<string[]> {
      return repo.recentSentTexts(userId, limit)
    },
  }
}

export type MailService = ReturnType<typeof createMailService>
