// How thread actions change labels: plain functions without zod, so the web's inbox, which
// needs them for its optimistic updates, does not load the schema library before its first
// paint (decision 036).
import type { ThreadAction } from './mail.js'

/** The user label that "Flag for follow-up" applies (decision 031). */
export const FOLLOW_UP_LABEL = 'Follow-up'

export type LabelChange = { add: string[]; remove: string[] }

/**
 * The labels each action adds and removes, as Gmail applies them (decision 031): the one rule the
 * server's cache, the list's optimistic update and the viewer all follow. The Follow-up
 * label is a user label: the server knows it by its Gmail id, the app by its name.
 */
export function labelChange(action: ThreadAction, followUpLabel = FOLLOW_UP_LABEL): LabelChange {
  switch (action) {
    case 'archive':
      return { add: [], remove: ['INBOX'] }
    case 'unarchive':
      return { add: ['INBOX'], remove: [] }
    case 'star':
      return { add: ['STARRED'], remove: [] }
    case 'unstar':
      return { add: [], remove: ['STARRED'] }
    case 'read':
      return { add: [], remove: ['UNREAD'] }
    case 'unread':
      return { add: ['UNREAD'], remove: [] }
    // Gmail's trash takes a thread out of the inbox; taking it out of the trash puts it back.
    case 'trash':
      return { add: ['TRASH'], remove: ['INBOX'] }
    case 'untrash':
      return { add: ['INBOX'], remove: ['TRASH'] }
    case 'flag':
      return { add: [followUpLabel], remove: [] }
    case 'unflag':
      return { add: [], remove: [followUpLabel] }
  }
}

/** `labels` after `change`, each label once. */
export function applyLabelChange(labels: readonly string[], change: LabelChange): string[] {
  const kept = labels.filter((l) => !change.remove.includes(l))
  return [...kept, ...change.add.filter((l) => !kept.includes(l))]
}
