import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query'
import type { Thread, ThreadList } from '../../../../contract/mail'
import { ApiError, apiGet } from '../../../lib/api-client'
import { retryDelay } from '../../../lib/query-client'

/** Every thread query (lists and details) starts with this, so one invalidation reaches all. */
export const THREADS_KEY = '/api/gmail/threads'
export const PAGE_SIZE = 100

export type ThreadListParams = {
  label: string
  /** A search on the server, with Gmail's operators (decision 024). */
  q?: string
  /**
   * Where `q` looks: `label`, the cached threads of the label (instant search), or `all`,
   * the whole mailbox, Gmail included ("Search all mail", decision 033).
   */
  scope?: 'label' | 'all'
}

export const threadListsKey = [THREADS_KEY, 'list'] as const
export const threadListKey = (params: ThreadListParams) =>
  [
    THREADS_KEY,
    'list',
    { label: params.label, q: params.q ?? '', scope: params.scope ?? 'all' },
  ] as const

export type ThreadPages = InfiniteData<ThreadList, string | undefined>

export async function getThreads(
  params: ThreadListParams & { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<ThreadList> {
  const search = new URLSearchParams({
    label: params.label,
    limit: String(params.limit ?? PAGE_SIZE),
  })
  if (params.q) search.set('q', params.q)
  if (params.q && params.scope) search.set('scope', params.scope)
  if (params.cursor) search.set('cursor', params.cursor)
  return (await apiGet<ThreadList>(`/api/gmail/threads?${search}`, { signal })) as ThreadList
}

/** 401 means Gmail is not connected: asking again will not change that. */
export const retryUnlessUnauthorized = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status === 401) && failureCount < 3

export const threadsQuery = (params: ThreadListParams) =>
  infiniteQueryOptions({
    queryKey: threadListKey(params),
    // The signal cancels a search the user has typed past (TanStack aborts it when unused).
    queryFn: ({ pageParam, signal }) => getThreads({ ...params, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessUnauthorized,
    retryDelay,
    // While the first full sync fills the cache, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.pages[0]?.syncing ? 3000 : false),
  })

/** The pages of one thread list, loaded as the user scrolls. */
export function useThreads(
  params: ThreadListParams,
  options: { enabled?: boolean; autoRefresh?: boolean; keepPrevious?: boolean } = {},
) {
  const { enabled = true, autoRefresh = false, keepPrevious = false } = options
  return useInfiniteQuery({
    ...threadsQuery(params),
    enabled,
    // An instant search keeps showing the last results while the next ones load.
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: (query) => {
      const data = query.state.data
      if (data?.pages[0]?.syncing) return 3000
      // The Auto refresh setting re-reads the top of the list (the server syncs with Gmail
      // when its copy is stale) — not once the user has paged far down, where refetching
      // every page would cost far more than it shows.
      return autoRefresh && (data?.pages.length ?? 0) <= 2 ? 60_000 : false
    },
  })
}

/** The loaded threads in order, without the duplicates a page boundary can produce. */
export function flattenThreads(data: { pages: ThreadList[] } | undefined): Thread[] {
  if (!data) return []
  const seen = new Set<string>()
  const out: Thread[] = []
  for (const page of data.pages) {
    for (const thread of page.threads) {
      if (seen.has(thread.id)) continue
      seen.add(thread.id)
      out.push(thread)
    }
  }
  return out
}
