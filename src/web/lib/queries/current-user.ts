import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '../../../contract/auth'
import { apiGet } from '../api-client'

export const currentUserKey = ['/api/auth/user'] as const

export function getCurrentUser(): Promise<CurrentUser | null> {
  return apiGet<CurrentUser>('/api/auth/user', { on401: 'returnNull' })
}

/** The auth check: no retry, no refetch on focus; null when signed out. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: getCurrentUser,
  retry: false,
  refetchOnWindowFocus: false,
})

export function useCurrentUser() {
  return useQuery(currentUserQuery)
}
