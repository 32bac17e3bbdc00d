import type { UserSettings } from '../../contract/settings'
import './user-settings.css'

/** The class on <html> that turns animations off (user-settings.css). */
export const REDUCE_MOTION_CLASS = 'reduce-motion'

/**
 * Applies the settings that act on the whole page. Today that is `animationsEnabled`; the
 * inbox reads the display settings (compact view, priority display...) itself.
 */
export function applyUserSettings(settings: Pick<UserSettings, 'animationsEnabled'>): void {
  document.documentElement.classList.toggle(REDUCE_MOTION_CLASS, !settings.animationsEnabled)
}
