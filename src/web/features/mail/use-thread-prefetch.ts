import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Thread } from '../../../contract/mail'
import { whenIdle } from '../../lib/when-idle'
import { threadDetailKey, threadQuery } from './api/get-thread'

/** How long a pointer rests on a row before its conversation is fetched. */
const INTENT_MS = 50
/**
 * Conversations fetched at once for the rows at rest in view: two leave the browser's other
 * connections (six a host) to a click, the list and the event stream.
 */
const IN_VIEW_AT_ONCE = 2
/** At most this many rows in view are fetched per rest: a tall window on a compact list. */
const IN_VIEW_MAX = 20

export type ThreadPrefetch = {
  /** A row the pointer rests on, is pressed or focused (`now`: no wait for the pointer). */
  onRowIntent: (id: string, now?: boolean) => void
  /** The rows in view once the list has come to rest: their conversations are fetched. */
  onRowsAtRest: (threads: Thread[]) => void
}

/**
 * Fetches conversations before they are opened, so opening one shows its text at once
 * (decisions 036 and 062): the rows in view once the list is at rest (`onRowsAtRest`), the
 * row a pointer rests on, is pressed or focused (`onRowIntent`), the row under the j/k cursor
 * and the neighbours of the open conversation; and the viewer's code, on idle and with any of
 * those. A query already cached is not asked again.
 */
export function useThreadPrefetch({
  threads,
  cursorIndex,
  selectedId,
  loadViewer,
}: {
  threads: Thread[]
  /** The j/k cursor's row, or -1. */
  cursorIndex: number
  selectedId: string | null
  loadViewer: () => Promise<unknown>
}): ThreadPrefetch {
  const queryClient = useQueryClient()
  // The viewer is what the inbox most likely needs next: its code loads at the first quiet
  // moment after the page has loaded, not after the second the other screens wait.
  // Not in loadWhenIdle's turn behind the other screens and menus, nor held while the hands
  // move: a click needs it.
  useEffect(
    () => whenIdle(() => void loadViewer().catch(() => {}), { afterLoadMs: 0 }),
    [loadViewer],
  )

  const prefetchThread = useCallback(
    (id: string) => {
      void loadViewer().catch(() => {})
      void queryClient.prefetchQuery(threadQuery(id))
    },
    [queryClient, loadViewer],
  )

  // A pointer sweeping across rows prefetches only the row it rests on.
  const intentTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const onRowIntent = useCallback(
    (id: string, now = false) => {
      clearTimeout(intentTimer.current)
      if (now) prefetchThread(id)
      else intentTimer.current = setTimeout(() => prefetchThread(id), INTENT_MS)
    },
    [prefetchThread],
  )
  useEffect(() => () => clearTimeout(intentTimer.current), [])

  // The rows in view, a few at a time, in the browser's quiet moments: a click with no hover
  // before it (a touch, a quick hand) finds its conversation already here. A new rest (a
  // scroll, a reload of the list) drops what the last one had not started.
  const inViewRun = useRef({ cancelled: false })
  const onRowsAtRest = useCallback(
    (shown: Thread[]) => {
      inViewRun.current.cancelled = true
      const run = { cancelled: false }
      inViewRun.current = run
      // Headers-only rows would cost a Gmail threads.get nobody asked for (as below).
      const wanted = shown
        .filter((t) => !t.partial && queryClient.getQueryData(threadDetailKey(t.id)) === undefined)
        .slice(0, IN_VIEW_MAX)
        .map((t) => t.id)
      const next = (): void => {
        const id = wanted.shift()
        if (id === undefined || run.cancelled) return
        whenIdle(
          () => {
            if (run.cancelled) return
            void queryClient.prefetchQuery(threadQuery(id)).finally(next)
          },
          { afterLoadMs: 0 },
        )
      }
      for (let lane = 0; lane < IN_VIEW_AT_ONCE; lane++) next()
    },
    [queryClient],
  )
  useEffect(() => () => void (inViewRun.current.cancelled = true), [])

  // Only what the cache holds whole: a row still headers-only (the first sync is filling it)
  // would cost a Gmail threads.get nobody asked for.
  const selectedIndex = selectedId ? threads.findIndex((t) => t.id === selectedId) : -1
  const nearby = [threads[cursorIndex]]
  if (selectedIndex >= 0) nearby.push(threads[selectedIndex + 1], threads[selectedIndex - 1])
  const nearbyKey = nearby
    .filter((t) => t && !t.partial)
    .map((t) => t!.id)
    .join(' ')
  useEffect(() => {
    // The open conversation's own messages come first: its neighbours' would compete with them
    // on the wire and in the server.
    let cancelled = false
    const opened = selectedId
      ? queryClient.ensureQueryData(threadQuery(selectedId)).catch(() => {})
      : Promise.resolve()
    void opened.then(() => {
      if (!cancelled) for (const id of nearbyKey.split(' ')) if (id) prefetchThread(id)
    })
    return () => {
      cancelled = true
    }
  }, [nearbyKey, selectedId, prefetchThread, queryClient])

  return useMemo(() => ({ onRowIntent, onRowsAtRest }), [onRowIntent, onRowsAtRest])
}
