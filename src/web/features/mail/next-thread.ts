import type { AFTER_ARCHIVE } from '../../../contract/options'

/** Where archive or delete in an open conversation goes: the user's `afterArchive` setting. */
export type AfterArchive = (typeof AFTER_ARCHIVE)[number]

/**
 * What takes the place of a conversation that leaves the list (archive `e`, delete `#`, from
 * the keyboard, the row menu or the viewer alike; docs/decisions/027): the one below it, or
 * the one above when it was the last, or nothing when it was the only one. The row cursor
 * moves so, whatever the setting.
 */
export function nextAfterLeaving<T extends { id: string }>(
  threads: readonly T[],
  leavingId: string,
): T | undefined {
  const index = threads.findIndex((t) => t.id === leavingId)
  if (index === -1) return undefined
  return threads[index + 1] ?? threads[index - 1]
}

/**
 * The conversation to open when the open one leaves the list, as `afterArchive` says (issue
 * 25): none for 'list' (back to the list, Gmail's default); for 'next' the one below (the one
 * above when it was the last); for 'previous' the one above (the one below when it was the
 * first); none when it was the only one.
 */
export function openAfterLeaving<T extends { id: string }>(
  threads: readonly T[],
  leavingId: string,
  afterArchive: AfterArchive,
): T | undefined {
  const index = threads.findIndex((t) => t.id === leavingId)
  if (index === -1 || afterArchive === 'list') return undefined
  const below = threads[index + 1]
  const above = threads[index - 1]
  return afterArchive === 'next' ? (below ?? above) : (above ?? below)
}
