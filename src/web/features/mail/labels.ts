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
