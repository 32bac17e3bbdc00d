import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WritingProfile } from '../../../../contract/profiles'
import { apiRequest } from '../../../lib/api-client'
import { contactsKey } from '../../../lib/queries/contacts'
import { writingProfilesKey } from './get-writing-profiles'

/** The server refuses (409) to delete the default profile. */
export async function deleteWritingProfile(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/writing-profiles/${encodeURIComponent(id)}`)
}

export function useDeleteWritingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteWritingProfile,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<WritingProfile[]>(writingProfilesKey, (list) =>
        list?.filter((profile) => profile.id !== id),
      )
      void queryClient.invalidateQueries({ queryKey: writingProfilesKey })
      // The contacts that used it are back on the default (the server clears their choice).
      void queryClient.invalidateQueries({ queryKey: contactsKey })
    },
  })
}
