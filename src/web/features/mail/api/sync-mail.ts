import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SyncQueuedSchema } from '../../../../contract/mail'
import { ApiError, apiJson } from '../../../lib/api-client'
import { THREADS_KEY, threadListsKey, type ThreadPages } from './get-threads'
import { labelsKey } from './get-labels'
import { unreadCountKey } from './get-unread-count'
import { syncOutcome } from './sync-outcomes'
import { actionsInFlight } from './thread-actions-in-flight'

type SyncQueued = z.infer<typeof SyncQueuedSchema>

/** As long as a Refresh shows its spinner; the sync itself goes on past it if it must. */
const REFRESH_WAIT_MS = 120_000

/**
 * Refresh: asks for a sync (answered 202 at once), then waits for its outcome on the live
 * stream. A failed sync is raised as the error the server would have answered.
 */
export async function syncMail(): Promise<void> {
  const { jobId } = await apiJson<SyncQueued>('POST', '/api/gmail/sync')
  const outcome = await syncOutcome(jobId, REFRESH_WAIT_MS)
  if (outcome?.type === 'sync.failed') {
    const body = JSON.stringify({ error: { code: outcome.code, message: outcome.message } })
    throw new ApiError(outcome.status, body, 'Sync failed')
  }
}

/**
 * Refresh: an incremental sync with Gmail now, then the lists again. A list keeps, and
 * refetches, only the pages down to the rows the user has in view (`showingRows`): one who
 * scrolled through thousands of threads and came back up does not pay for every page, and
 * one reading row 250 keeps their place. The rest loads again as they scroll.
 */
export function useRefreshMail() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: syncMail, onSettled: () => reloadMail(queryClient) })
}

/**
 * While a thread action is in flight, reloads wait: a list read before the action reaches the
 * server would bring back, for a moment, the thread the user just archived (and an open-next
 * rule reading that list would pick the wrong neighbour). The last action to settle runs the
 * reload it held back.
 */
const heldReloads = new WeakSet<QueryClient>()

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

/** How many rows, from the top, the thread list on screen shows or has just shown. */
const rowsInView = new WeakMap<QueryClient, number>()

/**
 * The thread list on screen shows rows down to `rows`: a reload keeps the pages that hold them.
 * Dropping them, as every reload once did, shortened the list under a user reading further
 * down, whose place then jumped back to the end of the first page, on every new mail or
 * backfill step.
 */
export function showingRows(queryClient: QueryClient, rows: number): void {
  rowsInView.set(queryClient, rows)
}

/** The pages of `data` that hold its first `rows` rows (at least the first page). */
function pagesHolding(data: ThreadPages, rows: number): ThreadPages {
  let kept = 1
  let held = data.pages[0]?.threads.length ?? 0
  while (kept < data.pages.length && held < rows) held += data.pages[kept++]!.threads.length
  return kept < data.pages.length
    ? { pages: data.pages.slice(0, kept), pageParams: data.pageParams.slice(0, kept) }
    : data
}

async function reloadNow(queryClient: QueryClient): Promise<void> {
  const rows = rowsInView.get(queryClient) ?? 0
  queryClient.setQueriesData<ThreadPages>({ queryKey: threadListsKey }, (data) =>
    data ? pagesHolding(data, rows) : data,
  )
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [THREADS_KEY] }),
    queryClient.invalidateQueries({ queryKey: unreadCountKey }),
    // The sidebar's label counts follow the same events as the badge.
    queryClient.invalidateQueries({ queryKey: labelsKey }),
  ])
}
