import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Template } from '../../../contract/templates'
import { apiJson } from '../api-client'

export const templatesKey = ['/api/templates'] as const

export function getTemplates(): Promise<Template[]> {
  return apiJson<Template[]>('GET', '/api/templates')
}

/**
 * The built-in templates and the user's own (decision 051): Compose and the reply insert them,
 * Settings manages the user's own. They change only when the user edits them, so they are
 * fetched once a session and refreshed by those edits.
 */
export const templatesQuery = queryOptions({
  queryKey: templatesKey,
  queryFn: getTemplates,
  staleTime: Infinity,
})

export function useTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...templatesQuery, enabled: options.enabled ?? true })
}
