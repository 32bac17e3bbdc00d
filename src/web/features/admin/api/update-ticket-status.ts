import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Ticket, TicketStatus } from '../../../../contract/support'
import { apiJson } from '../../../lib/api-client'
import { adminTicketsKey } from './get-admin-tickets'

export function updateTicketStatus(input: { id: string; status: TicketStatus }): Promise<Ticket> {
  return apiJson<Ticket>('PATCH', `/api/admin/tickets/${input.id}/status`, {
    status: input.status,
  })
}

/** Moves a ticket; every filtered list and the counters refresh through their own key. */
export function useUpdateTicketStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTicketStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTicketsKey }),
  })
}
