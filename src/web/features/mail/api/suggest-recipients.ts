import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RecipientSuggestion } from '../../../../contract/mail'
import { apiJson } from '../../../lib/api-client'

/** Saved contacts and people the user has written to whose name or address contains `q`. */
export function useRecipientSuggestions(q: string) {
  const query = q.trim()
  return useQuery({
    queryKey: ['/api/gmail/recipients', query],
    queryFn: async () => {
      const url = `/api/gmail/recipients?${new URLSearchParams({ q: query })}`
      return (await apiJson<{ suggestions: RecipientSuggestion[] }>('GET', url)).suggestions
    },
    enabled: query.length > 0,
    staleTime: 30_000,
    // The list does not blink empty between keystrokes.
    placeholderData: keepPreviousData,
  })
}
