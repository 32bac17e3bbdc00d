import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Contact } from '../../../../contract/contacts'
import { apiRequest } from '../../../lib/api-client'
import { contactsKey } from '../../../lib/queries/contacts'

export async function deleteContact(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/contacts/${encodeURIComponent(id)}`)
}

/** Deletes a contact and drops it from the cached list. Callers show their own toasts. */
export function useDeleteContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<Contact[]>(contactsKey, (list) =>
        list?.filter((contact) => contact.id !== id),
      )
      void queryClient.invalidateQueries({ queryKey: contactsKey })
    },
  })
}
