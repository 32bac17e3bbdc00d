import type { UserSettings } from './settings.js'

/** The settings of a user who has changed none (no zod here: every screen's shell reads it). */
export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  aiSuggestions: true,
  defaultTone: 'professional',
  defaultLanguage: 'english',
  emailTheme: 'minimal',
  priorityDisplay: 'colors',
  animationsEnabled: true,
  compactView: false,
  autoRefresh: true,
  soundNotifications: false,
  undoSendSeconds: 5,
  useGmailSignature: true,
  afterArchive: 'list',
}
