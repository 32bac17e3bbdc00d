import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserSettings } from '../../../../contract/settings'
import { apiJson } from '../../../lib/api-client'
import { settingsKey } from '../../../lib/queries/settings'

/** PUT /api/user/settings with only the fields that changed; answers the whole settings. */
export function updateSettings(changes: Partial<UserSettings>): Promise<UserSettings> {
  return apiJson<UserSettings>('PUT', '/api/user/settings', changes)
}

export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  })
}
