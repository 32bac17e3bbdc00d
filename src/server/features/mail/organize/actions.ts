import type { z } from 'zod'
import type { ThreadActionRequestSchema } from '../../../../contract/labels.js'
import { THREAD_ACTIONS, type Thread, type ThreadAction } from '../../../../contract/mail.js'
import {
  FOLLOW_UP_LABEL,
  labelChange,
  type LabelChange,
} from '../../../../contract/thread-labels.js'
import type { UserRow } from '../../../db/schema.js'
import { mapWithConcurrency } from '../../../lib/concurrency.js'
import { NotFound } from '../../../lib/errors.js'
import type { GmailSession } from '../gmail/session.js'
import { presentThread } from '../read/present.js'
import type { MailService } from '../service.js'
import type { MailRepository } from '../store/repository.js'
import type { SelectionRepository } from '../store/selection-repository.js'
import type { LabelsService } from './labels.js'
import { snoozeUntil, type SnoozeService } from './snooze.js'

export type ThreadChange = z.output<typeof ThreadActionRequestSchema>

/** Gmail's batch modify takes up to 1,000 message ids a call. */
const BATCH_MODIFY_IDS = 1000
/** Cached threads rewritten at once after a selection's change. */
const CACHE_WRITERS = 4

const GONE = 'This conversation no longer exists in Gmail'

/** The simple actions (archive, star, read, trash, flag...), as the mail service does them. */
const isSimple = (change: ThreadChange): change is ThreadChange & { action: ThreadAction } =>
  (THREAD_ACTIONS as readonly string[]).includes(change.action)

/**
 * Labelling, moving and snoozing conversations (issue 28), one or a selection of up to 500.
 * Gmail first, then the cache at once with the change numbered (decision 039), then the live
 * event; the simple actions of one conversation stay the mail service's.
 */
export function createThreadActions(deps: {
  mail: MailService
  repo: MailRepository
  selection: SelectionRepository
  labels: LabelsService
  snooze: SnoozeService
  gmailFor: (user: UserRow) => GmailSession
}) {
  const { mail, repo, selection, labels, snooze, gmailFor } = deps

  /**
   * The labels a change adds and removes, after checking them (404 for a label that is not
   * the user's, 400 for one Gmail will not set); null for snooze and unsnooze.
   */
  async function labelsOf(
    user: UserRow,
    gmail: GmailSession,
    change: ThreadChange,
  ): Promise<LabelChange | null> {
    switch (change.action) {
      case 'label': {
        await labels.checkSettable(user, gmail, [
          ...change.add.map((id) => ({ field: 'add', id })),
          ...change.remove.map((id) => ({ field: 'remove', id })),
        ])
        return { add: change.add, remove: change.remove.filter((id) => !change.add.includes(id)) }
      }
      case 'move': {
        await labels.checkSettable(user, gmail, [{ field: 'to', id: change.to }])
        // Gmail's "Move to": the label, and out of the Inbox (to the Inbox: back in it).
        if (change.to === 'INBOX') return { add: ['INBOX'], remove: ['TRASH', 'SPAM'] }
        if (change.to === 'TRASH') return labelChange('trash')
        return { add: [change.to], remove: ['INBOX'] }
      }
      case 'snooze':
      case 'unsnooze':
        return null
      default: {
        const followUp =
          change.action === 'flag' || change.action === 'unflag'
            ? await labels.ensureLabel(user.id, gmail, FOLLOW_UP_LABEL)
            : undefined
        return labelChange(change.action, followUp)
      }
    }
  }

  async function present(user: UserRow, threadId: string): Promise<Thread> {
    const row = await repo.getThreadRow(user.id, threadId)
    if (!row) throw new NotFound('No such conversation')
    const names = (await repo.getSyncState(user.id))?.labelNames ?? {}
    return presentThread(row, names)
  }

  return {
    /** One conversation's change (POST /api/gmail/threads/:id/actions); answers it as it is. */
    async act(user: UserRow, threadId: string, change: ThreadChange): Promise<Thread> {
      if (isSimple(change)) return mail.act(user, threadId, change.action)
      // Another user's conversation is a 404 whatever the rest of the request says.
      if (!(await repo.getThreadRow(user.id, threadId))) throw new NotFound('No such conversation')
      const until = change.action === 'snooze' ? snoozeUntil(change.until) : null
      const gmail = gmailFor(user)
      try {
        if (until) {
          await snooze.snooze(user, gmail, [threadId], until, (add, remove) =>
            gmail.threads.modify(threadId, add, remove, GONE).then(() => {}),
          )
        } else if (change.action === 'unsnooze') {
          await snooze.unsnooze(user, gmail, [threadId])
        } else {
          const labelled = (await labelsOf(user, gmail, change))!
          await gmail.threads.modify(threadId, labelled.add, labelled.remove, GONE)
          await repo.changeThreadLabels(user.id, threadId, labelled.add, labelled.remove)
        }
      } catch (error) {
        // Deleted in Gmail since the last sync: the cache lets go of it too.
        if (error instanceof NotFound && error.message === GONE) {
          await repo.deleteThread(user.id, threadId)
          await mail.announceChange(user.id, [threadId])
        }
        throw error
      }
      await mail.announceChange(user.id, [threadId])
      return present(user, threadId)
    },

    /**
     * One change on a selection (POST /api/gmail/threads/actions): Gmail's batch modify on the
     * conversations' messages, 1,000 ids a call. Conversations the user does not have (another
     * user's, gone) are answered in `notFound`; the others are changed.
     */
    async actOnSelection(user: UserRow, threadIds: string[], change: ThreadChange) {
      const until = change.action === 'snooze' ? snoozeUntil(change.until) : null
      const asked = [...new Set(threadIds)]
      const found = await selection.messagesOfThreads(user.id, asked)
      const notFound = asked.filter((id) => !found.has(id))
      const changed = asked.filter((id) => found.has(id))
      if (changed.length === 0) return { changed, notFound }
      const gmail = gmailFor(user)
      const messageIds = changed.flatMap((id) => found.get(id) ?? [])
      const batchModify = async (add: string[], remove: string[]) => {
        for (let i = 0; i < messageIds.length; i += BATCH_MODIFY_IDS) {
          await gmail.messages.batchModify(messageIds.slice(i, i + BATCH_MODIFY_IDS), add, remove)
        }
      }
      if (until) {
        await snooze.snooze(user, gmail, changed, until, batchModify)
      } else if (change.action === 'unsnooze') {
        await snooze.unsnooze(user, gmail, changed)
      } else {
        const labelled = (await labelsOf(user, gmail, change))!
        await batchModify(labelled.add, labelled.remove)
        await mapWithConcurrency(changed, CACHE_WRITERS, (threadId) =>
          repo.changeThreadLabels(user.id, threadId, labelled.add, labelled.remove),
        )
      }
      await mail.announceChange(user.id, changed)
      return { changed, notFound }
    },
  }
}

export type ThreadActions = ReturnType<typeof createThreadActions>
