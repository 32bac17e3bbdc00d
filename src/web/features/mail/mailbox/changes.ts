import type { ThreadAction } from '../../../../contract/mail'
import type { ThreadActionRequest } from '../../../../contract/labels'
import { labelChange, type LabelChange } from '../../../../contract/thread-labels'

/**
 * A change to conversations (issue 28): a simple action ('archive', …), labelling, moving or
 * snoozing. The same shape goes to one conversation's endpoint and to a selection's.
 */
export type MailChange = ThreadActionRequest

/** A simple action as a change. */
export const simple = (action: ThreadAction): MailChange => ({ action })

const SIMPLE_INVERSE: Record<ThreadAction, ThreadAction> = {
  archive: 'unarchive',
  unarchive: 'archive',
  trash: 'untrash',
  untrash: 'trash',
  star: 'unstar',
  unstar: 'star',
  read: 'unread',
  unread: 'read',
  flag: 'unflag',
  unflag: 'flag',
}

/**
 * What Undo (the toast's, and `z`) sends to take `change` back: archive ↔ unarchive, trash ↔
 * untrash, a label added ↔ removed, a move → its label off and back to the inbox, a snooze →
 * unsnooze. An unsnooze has no inverse: the time it had is gone.
 */
export function inverseOf(change: MailChange): MailChange | null {
  switch (change.action) {
    case 'label':
      return { action: 'label', add: change.remove ?? [], remove: change.add ?? [] }
    case 'move':
      return { action: 'label', add: ['INBOX'], remove: [change.to] }
    case 'snooze':
      return { action: 'unsnooze' }
    case 'unsnooze':
      return null
    default:
      return { action: SIMPLE_INVERSE[change.action] }
  }
}

/**
 * The labels `change` adds and removes, as the lists show it before the server answers.
 * Snoozing takes a conversation out of the inbox into the Snoozed label (when it is known), and
 * unsnoozing back.
 */
export function labelChangeOf(change: MailChange, snoozedLabelId?: string): LabelChange {
  const snoozed = snoozedLabelId ? [snoozedLabelId] : []
  switch (change.action) {
    case 'label':
      return { add: change.add ?? [], remove: change.remove ?? [] }
    case 'move':
      return { add: [change.to], remove: ['INBOX'] }
    case 'snooze':
      return { add: snoozed, remove: ['INBOX'] }
    case 'unsnooze':
      return { add: ['INBOX'], remove: snoozed }
    default:
      return labelChange(change.action)
  }
}

/**
 * The list on screen, as changes see it: a label's conversations (or a search within them,
 * `scope: 'label'`), or all mail (`scope: 'all'`); `snoozed` for the Snoozed view.
 */
export type ListOnScreen = { label: string; scope: 'label' | 'all'; snoozed?: boolean }

/**
 * Whether `change` takes a conversation out of `list`, so the next one takes its place
 * (decision 027). Search in all mail keeps everything; the trash is left by untrash and every
 * other list by trash; a snoozed conversation leaves any list but Snoozed, and unsnoozed
 * leaves Snoozed; otherwise, a list loses what loses its label.
 */
export function leavesList(change: MailChange | ThreadAction, list: ListOnScreen): boolean {
  const request = typeof change === 'string' ? simple(change) : change
  if (list.scope !== 'label') return false
  switch (request.action) {
    case 'trash':
      return list.label !== 'TRASH'
    case 'untrash':
      return list.label === 'TRASH'
    case 'snooze':
      return !list.snoozed
    case 'unsnooze':
      return Boolean(list.snoozed)
    default:
      return labelChangeOf(request).remove.includes(list.label)
  }
}

/** The toast's words for a change on `count` conversations. */
export function changeSummary(
  change: MailChange,
  count: number,
  labelName: (id: string) => string,
): string {
  const what = count === 1 ? 'Conversation' : `${count} conversations`
  switch (change.action) {
    case 'label': {
      const added = (change.add ?? []).map(labelName)
      const removed = (change.remove ?? []).map(labelName)
      if (added.length === 1 && removed.length === 0) return `${what} labelled "${added[0]}"`
      if (removed.length === 1 && added.length === 0) return `Label "${removed[0]}" removed`
      return 'Labels changed'
    }
    case 'move':
      return `${what} moved to "${labelName(change.to)}"`
    case 'snooze':
      return `${what} snoozed`
    case 'unsnooze':
      return `${what} unsnoozed`
    case 'archive':
      return `${what} archived`
    case 'trash':
      return `${what} moved to trash`
    case 'read':
      return `${what} marked as read`
    case 'unread':
      return `${what} marked as unread`
    default:
      return 'Done'
  }
}
