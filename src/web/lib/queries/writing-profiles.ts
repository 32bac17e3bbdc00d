import { queryOptions, useQuery } from '@tanstack/react-query'
import type { WritingProfile } from '../../../contract/profiles'
import { apiJson } from '../api-client'

/** Shared: the profiles screen manages the list, a contact's dialog chooses from it. */
export const writingProfilesKey = ['/api/writing-profiles'] as const

export function getWritingProfiles(): Promise<WritingProfile[]> {
  return apiJson<WritingProfile[]>('GET', '/api/writing-profiles')
}

export const writingProfilesQuery = queryOptions({
  queryKey: writingProfilesKey,
  queryFn: getWritingProfiles,
})

/** The user's writing profiles; at most one has `isDefault`. */
export function useWritingProfiles() {
  return useQuery(writingProfilesQuery)
}
