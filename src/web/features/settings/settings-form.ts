import type { UserSettings } from '../../../contract/settings'

/** The fields of `draft` that differ from what is saved: what Save Changes sends. */
export function changedSettings(saved: UserSettings, draft: UserSettings): Partial<UserSettings> {
  const changes: Partial<Record<keyof UserSettings, unknown>> = {}
  for (const key of Object.keys(draft) as (keyof UserSettings)[]) {
    if (draft[key] !== saved[key]) changes[key] = draft[key]
  }
  return changes as Partial<UserSettings>
}

/** Strips the one-time `gmail_connected` flag from a URL; null when it was not there. */
export function withoutGmailConnectedFlag(href: string): string | null {
  const url = new URL(href)
  if (url.searchParams.get('gmail_connected') !== 'true') return null
  url.searchParams.delete('gmail_connected')
  return `${url.pathname}${url.search}${url.hash}`
}
