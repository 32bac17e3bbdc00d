import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  SEND_LATER_MAX_DAYS,
  SEND_LATER_PRO_MESSAGE,
  type CancelledScheduled,
  type ScheduledSend,
  type ScheduledSendAccepted,
} from '../../../../contract/scheduled.js'
import type { ScheduledSendConfig } from '../../../config.js'
import type { UserRow } from '../../../db/schema.js'
import {
  AppError,
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  UpstreamError,
} from '../../../lib/errors.js'
import type { EventBus } from '../../../lib/events.js'
import type { JobQueue } from '../../../lib/jobs.js'
import { isProActive } from '../../billing/plan.js'
import type { OnSent } from './outgoing.js'
import type { GmailSession } from '../gmail/session.js'
import { isRetryable } from '../gmail/retry.js'
import { parseAddresses } from '../message/parse.js'
import type { Draft } from '../../../../contract/mail.js'
import type { createOutgoingMail } from './outgoing.js'
import {
  detailsOf,
  type ScheduledDetails,
  type ScheduledSendRow,
  type ScheduledSendsRepository,
} from '../store/scheduled-sends-repository.js'
import type { Outgoing } from './outgoing.js'
import { messageIdFor } from './send-once.js'
import type { SentMessage } from '../store/send-requests-repository.js'

const QUEUE = 'scheduled-send'
/**
 * A wake-up comes this long after the send's time: the job is due by the database's clock
 * (`start_after < now()`), and a fetch a moment early would leave it to the next look.
 */
const WAKE_AFTER_DUE_MS = 100
/** Tries of a send Gmail failed on its side (5xx, 429) before it is failed for the user. */
const MAX_ATTEMPTS = 3

const DRAFT_GONE =
  'The draft of this message was deleted from Gmail, so there was nothing left to send'
const THREAD_GONE = 'The conversation this message answers no longer exists in Gmail'
const NOT_CONNECTED =
  'Gmail is not connected. Connect it again in Settings, then send the message from Drafts'

/** What POST /api/gmail/send takes besides the message: when it should wait. */
export type SendTiming = { sendAt?: string; undo?: boolean; aiDraftId?: string }

type ScheduledJob = { id: string }

export type ScheduledEvent = { type: 'scheduled.changed'; id: string; status: string }

export function presentScheduled(row: ScheduledSendRow): ScheduledSend {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    sendAt: row.sendAt.toISOString(),
    status: row.status,
    error: row.error,
    draftId: row.draftId,
    threadId: row.threadId,
  }
}

/**
 * Send later and Undo send (issue 24, decision 053): a message that waits is saved as a
 * Gmail draft stamped with its own Message-ID, and a row says when it goes. At that time a
 * job in the `scheduled-send` queue (any instance; leased, so a dead instance's job comes
 * back) takes the row from `scheduled` to `sending` with a conditional UPDATE, so one taker
 * sends; it looks in Gmail for the Message-ID first (a send lost with its instance may have
 * gone) and sends the draft's own bytes otherwise. A sweep on every instance queues due rows
 * that no job holds, the backstop after a kill -9.
 */
export function createScheduledSends(deps: {
  repo: ScheduledSendsRepository
  /** The send room's own operations, as the mail service hands them on. */
  mail: Pick<ReturnType<typeof createOutgoingMail>, 'saveDraft' | 'delivered'> & {
    getDraft(user: UserRow, draftId: string): Promise<Draft>
  }
  gmailFor: (userId: string) => Promise<GmailSession | null>
  findUser: (userId: string) => Promise<UserRow | null>
  jobs: JobQueue
  events: EventBus
  config: ScheduledSendConfig
  /** Records a sent AI draft (decision 034); known once the AI feature is built. */
  onSent: () => OnSent | undefined
  log: FastifyBaseLogger
  now?: () => Date
}) {
  const { repo, jobs, config, log } = deps
  const now = deps.now ?? (() => new Date())
  let sweepTimer: NodeJS.Timeout | undefined
  let worker: string | undefined
  /** Wake-ups of this instance's worker at the end of an Undo send window it accepted. */
  const wakeUps = new Set<NodeJS.Timeout>()

  async function announce(userId: string, id: string, status: string) {
    const event: ScheduledEvent = { type: 'scheduled.changed', id, status }
    await deps.events
      .publish(userId, event)
      .catch((error: unknown) => log.warn({ err: error }, 'announcing a scheduled send failed'))
  }

  /**
   * A job for row `id` at `at` (now when absent), unless one is queued for it already. One due
   * now wakes this instance's worker at once; with `wakeAtTime` (an Undo send: its sender
   * watches "Sending…") one due later wakes it at its time, not up to `pollingSeconds` after.
   * Any instance's worker still finds the job by looking, should this one stop first.
   */
  async function enqueue(id: string, at?: Date, wakeAtTime = false): Promise<void> {
    await jobs.boss.send(QUEUE, { id } satisfies ScheduledJob, {
      singletonKey: id,
      ...(at && at > now() ? { startAfter: at } : {}),
    })
    const ms = at ? at.getTime() - now().getTime() : 0
    if (ms <= 0) {
      if (worker) jobs.boss.notifyWorker(worker)
      return
    }
    if (!wakeAtTime) return
    const timer = setTimeout(() => {
      wakeUps.delete(timer)
      if (worker) jobs.boss.notifyWorker(worker)
    }, ms + WAKE_AFTER_DUE_MS)
    timer.unref()
    wakeUps.add(timer)
  }

  /** The row's queued job, replaced by one at `at` (the row was moved). */
  async function requeue(id: string, at: Date): Promise<void> {
    const queued = await jobs.queuedJobId(QUEUE, id)
    if (queued) await jobs.boss.cancel(QUEUE, queued)
    await enqueue(id, at)
  }

  function checkSendAt(sendAt: Date): void {
    const lead = sendAt.getTime() - now().getTime()
    if (lead < config.minLeadSeconds * 1000) {
      throw new BadRequest(
        `sendAt: must be at least ${config.minLeadSeconds} seconds from now`,
        'invalid_send_at',
      )
    }
    if (lead > SEND_LATER_MAX_DAYS * 24 * 3600 * 1000) {
      throw new BadRequest(
        `sendAt: must be at most ${SEND_LATER_MAX_DAYS} days from now`,
        'invalid_send_at',
      )
    }
  }

  /** Permanent (Gmail gone, refused, the draft deleted) or worth another try (5xx, 429). */
  function isTransient(error: unknown): boolean {
    if (error instanceof TooManyRequests) return true
    if (error instanceof UpstreamError) return isRetryable(error.cause ?? error)
    // A typed error is a clear answer; anything else (the database, the network) may pass.
    return !(error instanceof AppError)
  }

  function reasonOf(error: unknown): string {
    if (error instanceof AppError && error.statusCode === 401) return NOT_CONNECTED
    if (error instanceof AppError) return error.message
    return 'Sending failed on Inkwell’s side'
  }

  /** Sends a row this caller took (`sending`): once, whichever way it ends. */
  async function sendTaken(row: ScheduledSendRow): Promise<void> {
    const details = detailsOf(row)
    const gmail = await deps.gmailFor(row.userId)
    if (!gmail) {
      await repo.markFailed(row.id, NOT_CONNECTED)
      await announce(row.userId, row.id, 'failed')
      return
    }
    let sent: SentMessage | null
    try {
      // Taken over from a lost instance, or tried again: Gmail may have it already.
      sent = await findSent(gmail, details.messageId)
      if (!sent) {
        const draft = await gmail.drafts.getRaw(row.draftId, DRAFT_GONE)
        const raw = draft.message?.raw
        if (!raw) throw new NotFound(DRAFT_GONE)
        const answer = await gmail.messages.send(
          { raw, ...(row.threadId ? { threadId: row.threadId } : {}) },
          THREAD_GONE,
        )
        if (!answer.id || !answer.threadId) {
          throw new UpstreamError('Gmail accepted the message without saying its id')
        }
        sent = { id: answer.id, threadId: answer.threadId }
      }
    } catch (error) {
      const reason = reasonOf(error)
      const attempts = (details.attempts ?? 0) + 1
      if (isTransient(error) && attempts < MAX_ATTEMPTS) {
        log.warn({ err: error, id: row.id, attempts }, 'a scheduled send failed; trying again')
        await repo.backToWaiting(row.id, attempts, reason)
        const wait = config.retryBaseSeconds * 4 ** (attempts - 1)
        await enqueue(row.id, new Date(now().getTime() + wait * 1000))
        return
      }
      log.warn({ err: error, id: row.id }, 'a scheduled send failed')
      await repo.markFailed(row.id, reason)
      await announce(row.userId, row.id, 'failed')
      return
    }
    await repo.markSent(row.id, sent.id)
    await deps.mail.delivered(row.userId, gmail, sent, row.draftId)
    await announce(row.userId, row.id, 'sent')
    const onSent = deps.onSent()
    if (details.aiDraftId && details.aiBody !== undefined && onSent) {
      const user = await deps.findUser(row.userId)
      const to = row.to.join(', ')
      if (user) {
        await onSent(user, {
          aiDraftId: details.aiDraftId,
          body: details.aiBody,
          to,
          subject: row.subject,
        }).catch((error: unknown) => log.warn({ err: error }, 'recording the sent AI draft failed'))
      }
    }
  }

  /** The message with this Message-ID in the user's Gmail, if any (send-once.ts's way). */
  async function findSent(gmail: GmailSession, messageId: string): Promise<SentMessage | null> {
    const found = await gmail.messages.list({
      q: `rfc822msgid:${messageId.replace(/[<>]/g, '')}`,
      includeSpamTrash: true,
      maxResults: 1,
    })
    const message = found.messages?.[0]
    return message?.id && message.threadId ? { id: message.id, threadId: message.threadId } : null
  }

  /** A job's turn for row `id`: sends it if it is due and nobody else has it. */
  async function run(id: string): Promise<void> {
    const taken = await repo.take(id, config.sendingStaleSeconds)
    if (taken) return sendTaken(taken)
    const row = await repo.findById(id)
    // Moved later: this job came at the old time.
    if (row?.status === 'scheduled' && row.sendAt > now()) await enqueue(id, row.sendAt)
    // Being sent, maybe by an instance that died: looked at again once that send is stale.
    if (row?.status === 'sending') {
      const stale = row.updatedAt.getTime() + (config.sendingStaleSeconds + 1) * 1000
      await enqueue(id, new Date(stale))
    }
  }

  /** Due rows no job holds (their instance was killed before the job was queued, or lost). */
  async function sweep(): Promise<number> {
    const ids = await repo.overdue(config.sweepSeconds, config.sendingStaleSeconds)
    let queued = 0
    for (const id of ids) {
      if (await jobs.hasPendingJob(QUEUE, id)) continue
      await enqueue(id)
      queued++
    }
    return queued
  }

  return {
    async start(): Promise<void> {
      // stately: one queued and one running job per row (its singleton key). Retried after
      // its instance died (job-leases.ts); Gmail's own failures are retried by the row's count.
      await jobs.ensureQueue(QUEUE, { policy: 'stately', retryLimit: 3 })
      // One worker taking a batch of due sends and sending them at once: mail due in the same
      // minute goes out together, and an idle instance looks once every pollingSeconds.
      worker = await jobs.work<ScheduledJob>(
        QUEUE,
        { pollingIntervalSeconds: config.pollingSeconds, batchSize: config.batchSize },
        (job) => run(job.data.id),
      )
      sweepTimer = setInterval(() => {
        sweep().catch((error: unknown) => log.warn({ err: error }, 'scheduled send sweep failed'))
      }, config.sweepSeconds * 1000)
      sweepTimer.unref()
    },

    stop(): void {
      clearInterval(sweepTimer)
      for (const timer of wakeUps) clearTimeout(timer)
      wakeUps.clear()
    },

    /**
     * POST /api/gmail/send with `sendAt` or `undo`: the message saved as a draft to go at its
     * time. Null when it goes now (`undo` with the window off).
     */
    async accept(
      user: UserRow,
      input: Outgoing & SendTiming,
      idempotencyKey?: string,
    ): Promise<ScheduledSendAccepted | null> {
      const { sendAt: asked, undo, aiDraftId, ...message } = input
      let kind: 'later' | 'undo'
      let sendAt: Date
      if (asked !== undefined) {
        if (!isProActive(user, now())) throw new Forbidden(SEND_LATER_PRO_MESSAGE, 'pro_required')
        sendAt = new Date(asked)
        checkSendAt(sendAt)
        kind = 'later'
      } else if (undo) {
        const seconds = await repo.undoSendSeconds(user.id)
        if (seconds <= 0) return null
        sendAt = new Date(now().getTime() + seconds * 1000)
        kind = 'undo'
      } else {
        return null
      }
      if (idempotencyKey) {
        // The same Send pressed again (its answer lost): the message already waits.
        const existing = await repo.findByKey(user.id, idempotencyKey)
        if (existing) {
          return { scheduledId: existing.id, sendAt: existing.sendAt.toISOString(), kind }
        }
      }
      const id = randomUUID()
      const messageId = messageIdFor(user, `scheduled-${id}`)
      const { draftId, threadId } = await deps.mail.saveDraft(user, message, messageId)
      const details: ScheduledDetails = {
        messageId,
        ...(aiDraftId ? { aiDraftId, aiBody: message.body } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }
      const row = await repo.insert({
        id,
        userId: user.id,
        kind,
        draftId,
        threadId,
        to: parseAddresses(message.to).map((a) => a.email),
        subject: message.subject,
        sendAt,
        details,
      })
      await enqueue(row.id, sendAt, kind === 'undo')
      await announce(user.id, row.id, 'scheduled')
      return { scheduledId: row.id, sendAt: sendAt.toISOString(), kind }
    },

    async list(user: UserRow): Promise<ScheduledSend[]> {
      return (await repo.listOpen(user.id)).map(presentScheduled)
    },

    /**
     * The Gmail drafts that hold mail waiting or going out: Drafts does not list them (Gmail
     * shows scheduled mail only in Scheduled), and one that failed is a draft again.
     */
    async heldDraftIds(user: UserRow): Promise<Set<string>> {
      const open = await repo.listOpen(user.id)
      return new Set(open.filter((row) => row.status !== 'failed').map((row) => row.draftId))
    },

    /** Cancelled: it stays a draft, and the answer is what reopens it in the editor. */
    async cancel(user: UserRow, id: string): Promise<CancelledScheduled> {
      const cancelled = await repo.cancel(user.id, id)
      if (!cancelled) throw await whyNot(user, id, 'cancelled')
      await announce(user.id, id, 'cancelled')
      // Cancelled whatever Gmail answers now: the editor reopens empty-handed at worst.
      const draft = await deps.mail.getDraft(user, cancelled.draftId).catch((error: unknown) => {
        log.warn({ err: error, id }, 'reading a cancelled message back from Drafts failed')
        return null
      })
      return { id, draft, aiDraftId: detailsOf(cancelled).aiDraftId ?? null }
    },

    async move(user: UserRow, id: string, sendAtText: string): Promise<ScheduledSend> {
      const sendAt = new Date(sendAtText)
      checkSendAt(sendAt)
      // A new time makes any waiting message a Send later, an Undo send window's too: Pro's.
      if (!isProActive(user, now())) {
        if (!(await repo.find(user.id, id))) throw await whyNot(user, id, 'moved')
        throw new Forbidden(SEND_LATER_PRO_MESSAGE, 'pro_required')
      }
      const moved = await repo.move(user.id, id, sendAt)
      if (!moved) throw await whyNot(user, id, 'moved')
      await requeue(id, sendAt)
      await announce(user.id, id, 'scheduled')
      return presentScheduled(moved)
    },

    /** Gmail disconnected: nothing of theirs goes out; the drafts stay in Gmail. */
    async cancelAllOf(userId: string): Promise<number> {
      return repo.cancelAllOf(userId)
    },
  }

  /** Why row `id` could not be changed: not the user's (404), or gone already (409). */
  async function whyNot(user: UserRow, id: string, change: string): Promise<AppError> {
    const row = await repo.find(user.id, id)
    if (!row) return new NotFound('id: You have no scheduled message with this id', 'not_found')
    const state =
      row.status === 'cancelled'
        ? 'was cancelled already'
        : row.status === 'sending'
          ? 'is being sent right now'
          : 'has already been sent'
    return new Conflict(`This message ${state}, so it cannot be ${change}`, 'already_sent')
  }
}

export type ScheduledSends = ReturnType<typeof createScheduledSends>
