import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminTicketList, TicketStatus } from '../../../../contract/support'
import { apiJson } from '../../../lib/api-client'

export const adminTicketsKey = ['/api/admin/tickets'] as const

export function getAdminTickets(status: TicketStatus | undefined): Promise<AdminTicketList> {
  const query = status ? `?status=${status}` : ''
  return apiJson<AdminTicketList>('GET', `/api/admin/tickets${query}`)
}

export const adminTicketsQuery = (status: TicketStatus | undefined) =>
  queryOptions({
    queryKey: [...adminTicketsKey, status ?? 'all'],
    queryFn: () => getAdminTickets(status),
    placeholderData: keepPreviousData,
  })

/** Tickets of one status (or all), newest first, with the counters over all tickets. */
export function useAdminTickets(status: TicketStatus | undefined) {
  return useQuery(adminTicketsQuery(status))
}
