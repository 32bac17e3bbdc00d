import { useMutation } from '@tanstack/react-query'
import type { CreatedTicket, CreateTicketInput } from '../../../../contract/support'
import { apiJson } from '../../../lib/api-client'

export function createTicket(input: CreateTicketInput): Promise<CreatedTicket> {
  return apiJson<CreatedTicket>('POST', '/api/contact', input)
}

/** Sends a contact message or help desk ticket; callers show their own toasts. */
export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket })
}
