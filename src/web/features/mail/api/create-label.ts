import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreateLabelSchema, Label } from '../../../../contract/labels'
import { apiJson } from '../../../lib/api-client'
import { labelsKey } from './get-labels'

export type CreateLabel = z.input<typeof CreateLabelSchema>

export function createLabel(body: CreateLabel): Promise<Label> {
  return apiJson<Label>('POST', '/api/gmail/labels', body)
}

/** POST /api/gmail/labels: a new label (nested by "/"), then the list again. */
export function useCreateLabel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createLabel,
    onSuccess: (label) => {
      queryClient.setQueryData<{ labels: Label[] } | null>(labelsKey, (data) =>
        data && !data.labels.some((l) => l.id === label.id)
          ? { labels: [...data.labels, label] }
          : data,
      )
      void queryClient.invalidateQueries({ queryKey: labelsKey })
    },
  })
}
