import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Contact, ContactInput } from '../../../../contract/contacts'
import { apiJson } from '../../../lib/api-client'
import { contactsKey } from '../../../lib/queries/contacts'

export type UpdateContactVariables = { id: string; input: ContactInput }

export function updateContact({ id, input }: UpdateContactVariables): Promise<Contact> {
  return apiJson<Contact>('PUT', `/api/contacts/${encodeURIComponent(id)}`, input)
}

/**
 * Saves a contact (the dialog's Save and its autosave). The cached list takes the answer at
 * once and then refreshes; an open form never reads it back, so typing is never overwritten.
 */
export function useUpdateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (updated) => {
      queryClient.setQueryData<Contact[]>(contactsKey, (list) =>
        list?.map((contact) => (contact.id === updated.id ? updated : contact)),
      )
      void queryClient.invalidateQueries({ queryKey: contactsKey })
    },
  })
}
