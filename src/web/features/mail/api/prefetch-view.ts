import { useCallback, useEffect, useRef } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Label } from '../../../../contract/labels'
import { viewAt } from '../mailbox/views'
import { threadsQuery } from './get-threads'

/** How long a pointer rests on a sidebar link before its view's first page is fetched. */
const INTENT_MS = 50

/**
 * Fetches the first page of the list the view at `path` shows (Sent, a label's…), unless it is
 * cached and fresh; nothing for a path that is no list (Drafts, Settings…).
 */
export function prefetchView(
  queryClient: QueryClient,
  path: string,
  labels: readonly Pick<Label, 'id' | 'name'>[] | undefined,
): void {
  const labelId = viewAt(path, labels)?.labelId
  if (labelId) void queryClient.prefetchInfiniteQuery(threadsQuery({ label: labelId }))
}

/**
 * A sidebar link pointed at or focused: the view's first page is fetched, so its first visit
 * shows rows as a warm one does. A pointer (or the arrow keys) sweeping down the sidebar fetches
 * only the link it rests on.
 */
export function useViewPrefetch(
  labels: readonly Pick<Label, 'id' | 'name'>[] | undefined,
): (path: string) => void {
  const queryClient = useQueryClient()
  const latestLabels = useRef(labels)
  useEffect(() => {
    latestLabels.current = labels
  })
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return useCallback(
    (path: string) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(
        () => prefetchView(queryClient, path, latestLabels.current),
        INTENT_MS,
      )
    },
    [queryClient],
  )
}
