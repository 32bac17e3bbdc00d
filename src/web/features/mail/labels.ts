import type { Label } from '../../../contract/labels'
import { SNOOZED_LABEL_NAME } from './mailbox/views'

/**
 * Labels as the inbox shows them (spec: lowercased; up to 2 in a row, 3 in the viewer). Gmail's
 * system labels are states the row already shows (unread, star, priority) or say nothing
 * (INBOX in the inbox), so only user labels and the inbox categories are listed.
 */
const HIDDEN = new Set([
  'INBOX',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'SENT',
  'DRAFT',
  'CHAT',
  'SPAM',
  'TRASH',
  'CATEGORY_PERSONAL',
])

export function visibleLabels(labels: readonly string[]): string[] {
  return labels
    .filter((label) => !HIDDEN.has(label))
    .map((label) =>
      (label.startsWith('CATEGORY_') ? label.slice('CATEGORY_'.length) : label).toLowerCase(),
    )
}

/** A chip to show: a user label known by its id (in its colour), or a name as the list has it. */
export type ShownLabel = { key: string; label: Label | null; text: string }

/**
 * The chips for a conversation's label ids: the user's own labels by name and colour (the
 * Snoozed mirror label and system labels say nothing here), then any other visible label as
 * the list has always shown it (an inbox category, or any label while they are not known).
 */
export function shownLabels(
  ids: readonly string[],
  index: ReadonlyMap<string, Label>,
): ShownLabel[] {
  const own: ShownLabel[] = []
  const rest: string[] = []
  for (const id of ids) {
    const label = index.get(id)
    if (!label) rest.push(id)
    // Known by id or by name (the index has both), shown once.
    else if (label.type === 'user' && label.name !== SNOOZED_LABEL_NAME) {
      if (!own.some((shown) => shown.key === label.id)) {
        own.push({ key: label.id, label, text: label.name })
      }
    }
  }
  return [...own, ...visibleLabels(rest).map((text) => ({ key: text, label: null, text }))]
}

/**
 * A label as the label API knows it (its id) from a list's name for it: the lists name user
 * labels (decision 031), while the label API and the pickers use ids. Unknown names stay.
 */
export function labelIdOf(
  labels: readonly Pick<Label, 'id' | 'name'>[],
): (label: string) => string {
  const idByName = new Map(labels.map((label) => [label.name, label.id]))
  return (label) => idByName.get(label) ?? label
}

/** The other way: a list's name for a label id (user labels by name), for the rows' labels. */
export function labelNameOf(
  labels: readonly Pick<Label, 'id' | 'name' | 'type'>[],
): (label: string) => string {
  const nameById = new Map(labels.filter((l) => l.type === 'user').map((l) => [l.id, l.name]))
  return (label) => nameById.get(label) ?? label
}
