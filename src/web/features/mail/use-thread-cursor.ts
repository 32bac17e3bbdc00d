import { useCallback, useState } from 'react'
import { afterPaint } from '../../lib/after-paint'
import { nextAfterLeaving, openAfterLeaving, type AfterArchive } from './next-thread'
import { useThreadInUrl } from './use-thread-in-url'

/** A row's own button (what opens it), if it is in view. */
const rowButton = (id: string) =>
  document.querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(id)}"] > button`)

/**
 * Where the reader is in a list of conversations: the open one (kept in the URL), else the row
 * under the j/k cursor. Any list can use it; it knows the rows only through `threads`.
 */
export function useThreadCursor(threads: readonly { id: string }[]) {
  const { selectedId, showThread } = useThreadInUrl()
  const [cursorId, setCursorId] = useState<string | null>(null)
  const cursorIndex = cursorId ? threads.findIndex((t) => t.id === cursorId) : -1

  /** Opens a conversation; the cursor goes with it, so it is there again after Escape. */
  const open = useCallback(
    (id: string, options: { replace?: boolean } = {}) => {
      showThread(id, options)
      setCursorId(id)
    },
    [showThread],
  )

  /**
   * Back to the list. The focus returns to the conversation's row, if it is in view, unless the
   * list is left some other way (marking it unread closes it too).
   */
  const close = ({ returnFocus = true }: { returnFocus?: boolean } = {}) => {
    const closed = selectedId
    showThread(null)
    if (!closed || !returnFocus) return
    afterPaint(() => rowButton(closed)?.focus({ preventScroll: true }))
  }

  /**
   * j and k: the next or previous row, from the open conversation (which the step opens in its
   * place) or the cursor; the first row if neither is in the list; never past either end.
   */
  const step = (by: 1 | -1) => {
    if (threads.length === 0) return
    const from = selectedId ? threads.findIndex((t) => t.id === selectedId) : cursorIndex
    const index = from === -1 ? 0 : Math.min(threads.length - 1, Math.max(0, from + by))
    const thread = threads[index]
    if (!thread) return
    if (selectedId) open(thread.id, { replace: true })
    else setCursorId(thread.id)
  }

  /** o and Enter: opens the row under the cursor. */
  const openAtCursor = () => {
    const thread = threads[cursorIndex]
    if (thread) open(thread.id)
  }

  /**
   * `id` is leaving the list (decision 027). Open, it gives its place to what `afterArchive`
   * says (openAfterLeaving), replaced in the history rather than added: another conversation,
   * or the list with the focus on the row that took its place. Under the cursor, the cursor
   * moves to the row that takes its place (nextAfterLeaving).
   */
  const leave = (id: string, afterArchive: AfterArchive) => {
    const next = nextAfterLeaving(threads, id)
    if (id === selectedId) {
      const opened = openAfterLeaving(threads, id, afterArchive)
      if (opened) {
        open(opened.id, { replace: true })
        return
      }
      showThread(null, { replace: true })
      setCursorId(next?.id ?? null)
      if (next) afterPaint(() => rowButton(next.id)?.focus({ preventScroll: true }))
    } else if (id === cursorId) setCursorId(next?.id ?? null)
  }

  /** What a key acts on: the open conversation, else the row under the cursor. */
  const targetId = selectedId ?? threads[cursorIndex]?.id ?? null

  return { selectedId, cursorIndex, targetId, open, close, step, openAtCursor, leave }
}

export type ThreadCursor = ReturnType<typeof useThreadCursor>
