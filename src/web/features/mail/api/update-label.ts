import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Label, UpdateLabelSchema } from '../../../../contract/labels'
import { apiJson } from '../../../lib/api-client'
import { labelsKey } from './get-labels'

export type UpdateLabel = z.input<typeof UpdateLabelSchema>

export function updateLabel(id: string, change: UpdateLabel): Promise<Label> {
  return apiJson<Label>('PATCH', `/api/gmail/labels/${encodeURIComponent(id)}`, change)
}

/** PATCH /api/gmail/labels/:id: rename or recolour. */
export function useUpdateLabel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateLabel }) => updateLabel(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelsKey }),
  })
}
