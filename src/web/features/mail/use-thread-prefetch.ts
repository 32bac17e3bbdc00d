import { useCallback, useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Thread } from '../../../contract/mail'
import { whenIdle } from '../../lib/when-idle'
import { threadQuery } from './api/get-thread'

/** How long a pointer rests on a row before its conversation is fetched. */
const INTENT_MS = 50

/**
 * Fetches conversations before they are opened, so opening one shows its text at once
 * (decision 036): the row a pointer rests on, is pressed or focused (through the returned
 * `onRowIntent`), the row under the j/k cursor and the neighbours of the open conversation;
 * and the viewer's code, on idle and with any of those. A query already cached is not asked
 * again.
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
}): (id: string, now?: boolean) => void {
  const queryClient = useQueryClient()
  // The viewer is what the inbox most likely needs next: its code loads at the first quiet
  // moment after the page has loaded, not after the second the other screens wait.
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

  return onRowIntent
}
