import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SyncResultSchema } from '../../../../contract/mail'
import { apiJson } from '../../../lib/api-client'
import { THREADS_KEY, threadListsKey, type ThreadPages } from './get-threads'
import { unreadCountKey } from './get-unread-count'

export type SyncResult = z.infer<typeof SyncResultSchema>

export function syncMail(): Promise<SyncResult> {
  return apiJson<SyncResult>('POST', '/api/gmail/sync')
}

/**
 * Refresh: an incremental sync with Gmail now, then the lists again. Only the first page of
 * each list is kept before refetching, so a user who scrolled through thousands of threads
 * does not pay for refetching every page; the rest loads again as they scroll.
 */
export function useRefreshMail() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: syncMail, onSettled: () => reloadMail(queryClient) })
}

/**
 * Thread actions carry this key. While one is in flight, reloads wait: a list read before the
 * action reaches the server would bring back, for a moment, the thread the user just archived
 * (and an open-next rule reading that list would pick the wrong neighbour). The last action to
 * settle runs the reload it held back.
 */
export const threadActionMutationKey = ['thread-action'] as const
const heldReloads = new WeakSet<QueryClient>()

const actionsInFlight = (queryClient: QueryClient) =>
  queryClient.isMutating({ mutationKey: threadActionMutationKey })

/** Reads the lists, the open conversations and the badge again from Inkwell's cache. */
export async function reloadMail(queryClient: QueryClient): Promise<void> {
  if (actionsInFlight(queryClient) > 0) {
    heldReloads.add(queryClient)
    return
  }
  await reloadNow(queryClient)
}

/** For a settling thread action (it still counts as in flight while it settles). */
export function releaseHeldReload(queryClient: QueryClient): void {
  if (actionsInFlight(queryClient) > 1) return
  if (heldReloads.delete(queryClient)) void reloadNow(queryClient)
}

async function reloadNow(queryClient: QueryClient): Promise<void> {
  queryClient.setQueriesData<ThreadPages>({ queryKey: threadListsKey }, (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  )
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [THREADS_KEY] }),
    queryClient.invalidateQueries({ queryKey: unreadCountKey }),
  ])
}
