import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ThreadDetail } from '../../../../contract/mail'
import { ApiError, apiGet } from '../../../lib/api-client'
import { retryDelay } from '../../../lib/query-client'
import { THREADS_KEY } from './get-threads'

export const threadDetailKey = (id: string) => [THREADS_KEY, 'detail', id] as const

export async function getThread(id: string): Promise<ThreadDetail> {
  return (await apiGet<ThreadDetail>(
    `/api/gmail/threads/${encodeURIComponent(id)}`,
  )) as ThreadDetail
}

export const threadQuery = (id: string) =>
  queryOptions({
    queryKey: threadDetailKey(id),
    queryFn: () => getThread(id),
    // A missing thread or a disconnected Gmail will not come back by asking again.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && (error.status === 401 || error.status === 404)) &&
      failureCount < 3,
    retryDelay,
  })

/** One conversation with all its messages, oldest first. */
export function useThread(id: string | null) {
  return useQuery({ ...threadQuery(id ?? ''), enabled: id !== null })
}
