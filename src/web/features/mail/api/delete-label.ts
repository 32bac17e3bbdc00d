import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '../../../lib/api-client'
import { labelsKey } from './get-labels'
import { THREADS_KEY } from './get-threads'

export function deleteLabel(id: string): Promise<void> {
  return apiJson<void>('DELETE', `/api/gmail/labels/${encodeURIComponent(id)}`)
}

/** DELETE /api/gmail/labels/:id: the label leaves the sidebar and every conversation. */
export function useDeleteLabel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLabel,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: labelsKey }),
        queryClient.invalidateQueries({ queryKey: [THREADS_KEY] }),
      ]),
  })
}
