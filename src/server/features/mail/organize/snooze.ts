import type { FastifyBaseLogger } from 'fastify'
import { SNOOZE_MAX_MS, SNOOZE_MIN_MS, SNOOZED_LABEL_NAME } from '../../../../contract/labels.js'
import type { UserRow } from '../../../db/schema.js'
import { BadRequest, NotFound } from '../../../lib/errors.js'
import type { JobQueue } from '../../../lib/jobs.js'
import { isStopping } from '../../../lib/stopping.js'
import type { GmailAccess } from '../gmail/access.js'
import type { GmailSession } from '../gmail/session.js'
import type { MailRepository } from '../store/repository.js'
import type { SnoozesRepository } from '../store/snoozes-repository.js'
import type { LabelsService } from './labels.js'

/** The queue of snoozes coming back: one job per snoozed conversation, due at its time. */
export const SNOOZE_QUEUE = 'mail-snooze'
type SnoozeJob = { userId: string; threadId: string }

/** How often each instance looks for snoozes past their time that no job brought back. */
const SWEEP_EVERY_MS = 30_000
const SWEEP_BATCH = 100

/** Why a snoozed conversation comes back: its time (unread, as Gmail does), a reply, the user. */
export type WakeReason = 'due' | 'replied' | 'unsnoozed'

/** The `until` of a snooze, checked against the clock: a minute to a year ahead, else 400. */
export function snoozeUntil(until: string, now = Date.now()): Date {
  const at = new Date(until)
  const ahead = at.getTime() - now
  if (Number.isNaN(ahead) || ahead < SNOOZE_MIN_MS) {
    throw new BadRequest('until: Snooze until at least a minute from now', 'validation_error')
  }
  if (ahead > SNOOZE_MAX_MS) {
    throw new BadRequest('until: Snooze for at most a year', 'validation_error')
  }
  return at
}

/**
 * Snooze (issue 28, decision 052): Gmail has no snooze, so Inkwell keeps it in mail_snoozes,
 * mirrored in Gmail by the Inkwell/Snoozed label. Each snooze queues a job due at its time in
 * the app's PostgreSQL queue (leased, so a dead instance's job is taken back); a sweep on
 * every instance brings back any snooze past its time that no job did. Bringing one back
 * claims its row under a lock, so it happens once across instances.
 */
export function createSnoozeService(deps: {
  repo: MailRepository
  snoozes: SnoozesRepository
  labels: LabelsService
  gmail: GmailAccess
  jobs: JobQueue
  announce: (userId: string, threadIds: string[]) => Promise<void>
  log: FastifyBaseLogger
}) {
  const { repo, snoozes, labels, jobs, announce, log } = deps
  let sweeper: NodeJS.Timeout | undefined

  async function queue(userId: string, threadId: string, until: Date) {
    await jobs.boss.send(SNOOZE_QUEUE, { userId, threadId } satisfies SnoozeJob, {
      singletonKey: `${userId}:${threadId}`,
      startAfter: until,
    })
  }

  /**
   * Brings the conversation back, once: the Inbox again (and unread, when its time came), the
   * mirror label off, in Gmail and then in the cache. False when it was not snoozed (or not
   * due, or another instance is bringing it back now).
   */
  async function wake(
    userId: string,
    threadId: string,
    reason: WakeReason,
    gmail: GmailSession,
  ): Promise<boolean> {
    const mirror = await repo.findLabelByName(userId, SNOOZED_LABEL_NAME)
    const add = reason === 'due' ? ['INBOX', 'UNREAD'] : ['INBOX']
    const remove = mirror ? [mirror.id] : []
    const woke = await snoozes.claim(userId, threadId, { dueOnly: reason === 'due' }, async () => {
      try {
        await gmail.threads.modify(threadId, add, remove, 'gone')
        await repo.changeThreadLabels(userId, threadId, add, remove)
        // Its time came: the top of the Inbox, marked Snoozed, as Gmail brings one back.
        if (reason === 'due') await repo.markSnoozedBack(userId, threadId, true)
      } catch (error) {
        // Deleted in Gmail meanwhile: nothing to bring back, and the cache lets go of it.
        if (!(error instanceof NotFound)) throw error
        await repo.deleteThread(userId, threadId)
      }
    })
    if (woke) await announce(userId, [threadId])
    return woke
  }

  async function wakeInBackground(userId: string, threadId: string, reason: WakeReason) {
    const gmail = await deps.gmail.forUserId(userId)
    // Gmail disconnected: the snooze waits (the sweep skips it) until the user is back.
    if (!gmail) return false
    return wake(userId, threadId, reason, gmail)
  }

  async function sweep() {
    for (const due of await snoozes.overdue(SWEEP_BATCH)) {
      await wakeInBackground(due.userId, due.threadId, 'due').catch((error: unknown) =>
        log.warn({ err: error, userId: due.userId }, 'bringing back a snoozed conversation failed'),
      )
    }
  }

  return {
    async start() {
      // singleton: one running job per conversation across instances; a later snooze of the
      // same conversation queues its own job, and an earlier one finds it not yet due.
      await jobs.ensureQueue(SNOOZE_QUEUE, { policy: 'singleton', retryLimit: 5, retryDelay: 30 })
      await jobs.work<SnoozeJob>(SNOOZE_QUEUE, { pollingIntervalSeconds: 2 }, async (job) => {
        await wakeInBackground(job.data.userId, job.data.threadId, 'due')
      })
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => {
          if (!isStopping()) log.warn({ err: error }, 'the snooze sweep failed')
        })
      }, SWEEP_EVERY_MS)
      sweeper.unref()
    },

    stop() {
      clearInterval(sweeper)
    },

    sweep,

    /**
     * Snoozes conversations already checked to be the user's: out of the Inbox, under the
     * mirror label, until `until`. `modify` makes the label change in Gmail (one thread, or a
     * batch for a selection); the cache and the rows follow.
     */
    async snooze(
      user: UserRow,
      gmail: GmailSession,
      threadIds: string[],
      until: Date,
      modify: (add: string[], remove: string[]) => Promise<void>,
    ) {
      const mirror = await labels.ensureLabel(user.id, gmail, SNOOZED_LABEL_NAME)
      await modify([mirror], ['INBOX'])
      for (const threadId of threadIds) {
        await repo.changeThreadLabels(user.id, threadId, [mirror], ['INBOX'])
        await repo.markSnoozedBack(user.id, threadId, false)
        await snoozes.save(user.id, threadId, until)
        await queue(user.id, threadId, until)
      }
    },

    /** Brings the conversations back now; answers those that were snoozed. */
    async unsnooze(user: UserRow, gmail: GmailSession, threadIds: string[]) {
      const woke: string[] = []
      for (const threadId of threadIds) {
        if (await wake(user.id, threadId, 'unsnoozed', gmail)) woke.push(threadId)
      }
      return woke
    },

    /** After a sync: a snoozed conversation someone answered meanwhile comes back now. */
    async wakeReplied(userId: string) {
      for (const threadId of await snoozes.replied(userId)) {
        await wakeInBackground(userId, threadId, 'replied')
      }
    },
  }
}

export type SnoozeService = ReturnType<typeof createSnoozeService>
