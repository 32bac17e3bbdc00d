import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { UnreadCountSchema } from '../../../../contract/mail'
import { apiGet } from '../../../lib/api-client'
import { readAfterActions } from './thread-actions-in-flight'

type UnreadCount = z.infer<typeof UnreadCountSchema>

export const unreadCountKey = ['/api/gmail/unread-count'] as const

/** Null while Gmail is not connected. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount | null> {
  return apiGet<UnreadCount>('/api/gmail/unread-count', { on401: 'returnNull', signal })
}

export const unreadCountQuery = queryOptions({
  queryKey: unreadCountKey,
  // The count an action shows at once stands until the server holds it.
  queryFn: ({ client, signal }) => readAfterActions(client, () => getUnreadCount(signal), signal),
  // The badge should follow mail that arrives while the app stays open; the call only reads
  // Inkwell's own cache, and it pauses while the tab is hidden.
  refetchInterval: 60_000,
  staleTime: 30_000,
})

/** Unread threads in the inbox, for the sidebar badge (decision 031). */
export function useUnreadCount() {
  return useQuery(unreadCountQuery)
}
