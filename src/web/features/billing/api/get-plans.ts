import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Plans } from '../../../../contract/billing'
import { apiGet } from '../../../lib/api-client'

/** The one source of plans and prices (decision 014); public, so the landing page can use it too. */
export const plansQuery = queryOptions({
  queryKey: ['/api/plans'],
  queryFn: () => apiGet<Plans>('/api/plans') as Promise<Plans>,
})

export function usePlans() {
  return useQuery(plansQuery)
}
