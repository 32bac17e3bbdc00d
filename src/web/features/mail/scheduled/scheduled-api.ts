import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CancelledScheduled,
  ScheduledList,
  ScheduledSend,
} from '../../../../contract/scheduled'
import { apiRequest } from '../../../lib/api-client'

/** The Scheduled view's list (decision 053): waiting, going, and failed mail. */
export const SCHEDULED_KEY = ['scheduled'] as const

export async function listScheduled(): Promise<ScheduledList> {
  const response = await apiRequest('GET', '/api/gmail/scheduled')
  return (await response.json()) as ScheduledList
}

/** Cancel, or Undo: the message stays a draft, and the answer reopens it. */
export async function cancelScheduled(id: string): Promise<CancelledScheduled> {
  const response = await apiRequest('DELETE', `/api/gmail/scheduled/${encodeURIComponent(id)}`)
  return (await response.json()) as CancelledScheduled
}

export async function moveScheduled(id: string, sendAt: Date): Promise<ScheduledSend> {
  const response = await apiRequest('PATCH', `/api/gmail/scheduled/${encodeURIComponent(id)}`, {
    sendAt: sendAt.toISOString(),
  })
  return (await response.json()) as ScheduledSend
}

export function useScheduled() {
  return useQuery({ queryKey: SCHEDULED_KEY, queryFn: listScheduled })
}

export function useCancelScheduled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelScheduled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
  })
}

export function useMoveScheduled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, sendAt }: { id: string; sendAt: Date }) => moveScheduled(id, sendAt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
  })
}
