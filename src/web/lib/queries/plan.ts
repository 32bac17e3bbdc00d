import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlanInfo } from '../../../contract/billing'
import { apiGet } from '../api-client'

export const planQuery = queryOptions({
  queryKey: ['/api/user/plan'],
  queryFn: () => apiGet<PlanInfo>('/api/user/plan') as Promise<PlanInfo>,
})

export function usePlan() {
  return useQuery(planQuery)
}

/** The spec's fallback when the server leaves the limit out. */
export const FALLBACK_AI_LIMIT = 5
