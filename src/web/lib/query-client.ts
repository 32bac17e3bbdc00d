import { QueryClient } from '@tanstack/react-query'

/**
 * The data client's defaults, as the spec sets them: no retries, data never goes stale by itself,
 * no refetch on focus, no polling; unused data is dropped after 5 minutes. Screens that
 * want more (the thread list retries) say so on their own query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  })
}

/** Backoff for queries that do retry: doubles from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}
