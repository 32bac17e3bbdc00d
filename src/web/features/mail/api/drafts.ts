import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { DraftList, SaveDraftResultSchema, SaveDraftSchema } from '../../../../contract/mail'
import { apiGet, apiJson, apiRequest } from '../../../lib/api-client'

export type SaveDraftInput = z.input<typeof SaveDraftSchema>
export type SaveDraftResult = z.infer<typeof SaveDraftResultSchema>

export const draftsKey = ['/api/gmail/drafts'] as const

/** Null while Gmail is not connected (no count in the sidebar then). */
export function getDrafts(): Promise<DraftList | null> {
  return apiGet<DraftList>('/api/gmail/drafts', { on401: 'returnNull' })
}

export const draftsQuery = queryOptions({
  queryKey: draftsKey,
  queryFn: getDrafts,
  // Each look costs Gmail quota (a list and a get per draft): saving, sending and deleting
  // here refresh it; drafts written elsewhere show within a few minutes.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
})

/** The user's Gmail drafts, newest first, for the Drafts view and the sidebar count. */
export function useDrafts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...draftsQuery, enabled: options.enabled ?? true })
}

/** Creates a Gmail draft, or updates the one named by `draftId` (decision 032). */
export function saveDraft(input: SaveDraftInput): Promise<SaveDraftResult> {
  return apiJson<SaveDraftResult>('POST', '/api/gmail/drafts', input)
}

export function useDeleteDraft() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/gmail/drafts/${encodeURIComponent(id)}`)
    },
    onSuccess: (_, id) => {
      queryClient.setQueryData<DraftList | null>(draftsKey, (list) =>
        list ? { drafts: list.drafts.filter((d) => d.id !== id), total: list.total - 1 } : list,
      )
      void queryClient.invalidateQueries({ queryKey: draftsKey })
    },
  })
}
