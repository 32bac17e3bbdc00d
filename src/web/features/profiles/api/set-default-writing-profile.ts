import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WritingProfile } from '../../../../contract/profiles'
import { apiJson } from '../../../lib/api-client'
import { writingProfilesKey } from './get-writing-profiles'

/** Makes one profile the default (the server answers 409 if it already is). */
export function setDefaultWritingProfile(id: string): Promise<WritingProfile> {
  return apiJson<WritingProfile>(
    'PUT',
    `/api/writing-profiles/${encodeURIComponent(id)}/set-default`,
  )
}

export function useSetDefaultWritingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setDefaultWritingProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData<WritingProfile[]>(writingProfilesKey, (list) =>
        list?.map((profile) =>
          profile.id === updated.id ? updated : { ...profile, isDefault: false },
        ),
      )
      void queryClient.invalidateQueries({ queryKey: writingProfilesKey })
    },
  })
}
