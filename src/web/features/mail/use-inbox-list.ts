import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-client'
import { flattenThreads, useThreads } from './api/get-threads'
import { labelsKey } from './api/get-labels'
import { unreadCountKey } from './api/get-unread-count'
import { threadCountText } from './thread-count'
import type { ListOnScreen } from './mailbox/changes'
import type { InboxSearch } from './use-inbox-search'

export type { ListOnScreen } from './mailbox/changes'

/**
 * The list a label's screen shows and what it says of itself: the label's pages, the search
 * within them as the user types, or all mail; its count, and why it cannot show mail.
 */
export function useInboxList(
  label: string,
  { searchText, serverQuery }: Pick<InboxSearch, 'searchText' | 'serverQuery'>,
  options: { autoRefresh: boolean; snoozed?: boolean; enabled?: boolean },
) {
  const queryClient = useQueryClient()
  const own = useThreads(
    { label },
    { autoRefresh: options.autoRefresh, enabled: options.enabled ?? true },
  )
  // Whenever the list learns something new (first sync, refresh), the badge may have changed.
  // Not for the list it mounts with: the badge and the labels are asked for beside it, and
  // asking again would cancel those requests and send them anew on a start (decision 061).
  const ownUpdatedAt = own.dataUpdatedAt
  const mountedWith = useRef(ownUpdatedAt)
  useEffect(() => {
    if (!ownUpdatedAt || ownUpdatedAt === mountedWith.current) return
    void queryClient.invalidateQueries({ queryKey: unreadCountKey })
    void queryClient.invalidateQueries({ queryKey: labelsKey })
  }, [ownUpdatedAt, queryClient])
  // Typing searches the label's whole cached text on the server; Search all mail looks
  // everywhere, Gmail included. Each is its own list: the label's pages stay as they are.
  const instant = useThreads(
    { label, q: searchText, scope: 'label' },
    { enabled: searchText !== '' && serverQuery === null, keepPrevious: true },
  )
  const allMail = useThreads(
    { label, q: serverQuery ?? '', scope: 'all' },
    { enabled: serverQuery !== null },
  )
  const shown = serverQuery !== null ? allMail : searchText ? instant : own
  const threads = useMemo(() => flattenThreads(shown.data), [shown.data])
  const onScreen: ListOnScreen = {
    label,
    scope: serverQuery !== null ? 'all' : 'label',
    snoozed: options.snoozed,
  }

  const { fetchNextPage: fetchNext } = shown
  const fetchNextPage = useCallback(() => void fetchNext({ cancelRefetch: false }), [fetchNext])

  /** The label's own first page: its total, and how the sync with Gmail is going. */
  const firstPage = own.data?.pages[0]
  const shownTotal = shown.data?.pages[0]?.total ?? 0
  const countText = threadCountText(
    firstPage?.total,
    serverQuery !== null
      ? { kind: 'allMail', found: allMail.data ? (allMail.data.pages[0]?.total ?? 0) : undefined }
      : searchText
        ? { kind: 'search', found: shownTotal }
        : { kind: 'label' },
  )
  const notConnected = [own.error, allMail.error].some(
    (e) => e instanceof ApiError && e.status === 401,
  )
  // A search Gmail's rules refuse (before:2024/13/01) says why, in the server's words.
  const searchProblem =
    shown.error instanceof ApiError && shown.error.status === 400 ? shown.error.detail : null
  const gmailNotice = serverQuery !== null ? allMail.data?.pages[0]?.notice : undefined

  return {
    shown,
    threads,
    onScreen,
    shownTotal,
    fetchNextPage,
    firstPage,
    countText,
    notConnected,
    searchProblem,
    gmailNotice,
  }
}
