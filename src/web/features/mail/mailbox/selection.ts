import { useCallback, useMemo, useState } from 'react'
import { MAX_SELECTION } from './views'

/**
 * The conversations ticked with `x` or their checkbox, in the order they were ticked. A
 * selection holds at most MAX_SELECTION (the bulk endpoint's limit), and only conversations
 * still in the list: one that leaves (archived elsewhere) leaves the selection too.
 */
export type Selection = readonly string[]

/** Ticks `id`, or unticks it if it was ticked; a full selection takes no more. */
export function toggleSelected(selection: Selection, id: string): Selection {
  if (selection.includes(id)) return selection.filter((s) => s !== id)
  if (selection.length >= MAX_SELECTION) return selection
  return [...selection, id]
}

/** The selection without what is no longer in the list (the same array when nothing left). */
export function keepListed(selection: Selection, listed: readonly { id: string }[]): Selection {
  if (selection.length === 0) return selection
  const ids = new Set(listed.map((t) => t.id))
  const kept = selection.filter((id) => ids.has(id))
  return kept.length === selection.length ? selection : kept
}

/** The selection of one list: tick, untick, clear. */
export function useSelection(threads: readonly { id: string }[]) {
  const [ticked, setTicked] = useState<Selection>([])
  const ids = useMemo(() => keepListed(ticked, threads), [ticked, threads])
  const set = useMemo(() => new Set(ids), [ids])
  const toggle = useCallback((id: string) => setTicked((s) => toggleSelected(s, id)), [])
  const clear = useCallback(() => setTicked([]), [])
  return { ids, has: (id: string) => set.has(id), set, toggle, clear, count: ids.length }
}

export type SelectionModel = ReturnType<typeof useSelection>
