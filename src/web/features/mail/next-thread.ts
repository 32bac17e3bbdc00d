/**
 * What takes the place of a conversation that leaves the list (archive `e`, delete `#`, from
 * the keyboard, the row menu or the viewer alike; docs/decisions/027): the one below it, or
 * the one above when it was the last, or nothing when it was the only one. Gmail's default.
 */
export function nextAfterLeaving<T extends { id: string }>(
  threads: readonly T[],
  leavingId: string,
): T | undefined {
  const index = threads.findIndex((t) => t.id === leavingId)
  if (index === -1) return undefined
  return threads[index + 1] ?? threads[index - 1]
}
