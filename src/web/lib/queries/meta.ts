import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Meta } from '../../../contract/auth'
import { apiGet } from '../api-client'

export const metaQuery = queryOptions({
  queryKey: ['/api/meta'],
  queryFn: () => apiGet<Meta>('/api/meta') as Promise<Meta>,
})

export function useMeta() {
  return useQuery(metaQuery)
}
