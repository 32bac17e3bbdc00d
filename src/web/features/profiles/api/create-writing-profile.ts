import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WritingProfile, WritingProfileInput } from '../../../../contract/profiles'
import { apiJson } from '../../../lib/api-client'
import { writingProfilesKey } from './get-writing-profiles'

export function createWritingProfile(input: WritingProfileInput): Promise<WritingProfile> {
  return apiJson<WritingProfile>('POST', '/api/writing-profiles', input)
}

/** Creates a profile (the server makes the first one the default). Callers show the toasts. */
export function useCreateWritingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWritingProfile,
    onSuccess: (created) => {
      queryClient.setQueryData<WritingProfile[]>(
        writingProfilesKey,
        (list) => list && [...list, created],
      )
      void queryClient.invalidateQueries({ queryKey: writingProfilesKey })
    },
  })
}
