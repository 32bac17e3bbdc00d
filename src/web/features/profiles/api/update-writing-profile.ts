import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WritingProfile, WritingProfileInput } from '../../../../contract/profiles'
import { apiJson } from '../../../lib/api-client'
import { writingProfilesKey } from './get-writing-profiles'

export type UpdateWritingProfileVariables = { id: string; input: WritingProfileInput }

export function updateWritingProfile({
  id,
  input,
}: UpdateWritingProfileVariables): Promise<WritingProfile> {
  return apiJson<WritingProfile>('PUT', `/api/writing-profiles/${encodeURIComponent(id)}`, input)
}

export function useUpdateWritingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateWritingProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData<WritingProfile[]>(writingProfilesKey, (list) =>
        list?.map((profile) => (profile.id === updated.id ? updated : profile)),
      )
      void queryClient.invalidateQueries({ queryKey: writingProfilesKey })
    },
  })
}
