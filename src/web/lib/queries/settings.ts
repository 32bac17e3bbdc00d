import { useEffect } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UserSettings } from '../../../contract/settings'
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults'
import { apiJson } from '../api-client'
import { applyUserSettings } from '../user-settings'

export const settingsKey = ['/api/user/settings'] as const

export function getSettings(): Promise<UserSettings> {
  return apiJson<UserSettings>('GET', '/api/user/settings')
}

export const settingsQuery = queryOptions({ queryKey: settingsKey, queryFn: getSettings })

/** The settings query itself, with its loading and error states (the Settings screen). */
export function useSettings() {
  return useQuery(settingsQuery)
}

/**
 * The user's saved settings for any screen that follows them (the inbox reads `compactView`,
 * `priorityDisplay`, `autoRefresh`...): the defaults until they have loaded. While mounted it
 * also keeps the page-wide ones applied (animations off → `reduce-motion` on <html>).
 */
export function useUserSettings(): UserSettings {
  const { data } = useQuery(settingsQuery)
  const settings = data ?? DEFAULT_SETTINGS
  const { animationsEnabled } = settings
  useEffect(() => applyUserSettings({ animationsEnabled }), [animationsEnabled])
  return settings
}
