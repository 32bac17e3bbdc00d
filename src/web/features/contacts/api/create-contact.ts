import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Contact, ContactInput } from '../../../../contract/contacts'
import { apiJson } from '../../../lib/api-client'
import { contactsKey } from '../../../lib/queries/contacts'

export function createContact(input: ContactInput): Promise<Contact> {
  return apiJson<Contact>('POST', '/api/contacts', input)
}

/** Creates a contact; the list refreshes through its own key. Callers show their own toasts. */
export function useCreateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createContact,
    onSuccess: (created) => {
      queryClient.setQueryData<Contact[]>(contactsKey, (list) => list && [...list, created])
      void queryClient.invalidateQueries({ queryKey: contactsKey })
    },
  })
}
