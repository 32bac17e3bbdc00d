import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Contact } from '../../../contract/contacts'
import { apiJson } from '../api-client'

export const contactsKey = ['/api/contacts'] as const

export function getContacts(): Promise<Contact[]> {
  return apiJson<Contact[]>('GET', '/api/contacts')
}

export const contactsQuery = queryOptions({ queryKey: contactsKey, queryFn: getContacts })

/** The signed-in user's contacts, in the server's order. */
export function useContacts() {
  return useQuery(contactsQuery)
}
