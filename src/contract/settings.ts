import { z } from 'zod'
import { CONTACT_TONES, EMAIL_THEMES, LANGUAGES, PRIORITY_DISPLAYS } from './options.js'

/** The user's settings with the spec's defaults. */
export const UserSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  aiSuggestions: z.boolean(),
  defaultTone: z.enum(CONTACT_TONES),
  defaultLanguage: z.enum(LANGUAGES),
  emailTheme: z.enum(EMAIL_THEMES),
  priorityDisplay: z.enum(PRIORITY_DISPLAYS),
  animationsEnabled: z.boolean(),
  compactView: z.boolean(),
  autoRefresh: z.boolean(),
  soundNotifications: z.boolean(),
})
export type UserSettings = z.infer<typeof UserSettingsSchema>

/** PUT /api/user/settings: any subset; unknown fields are refused. */
export const UpdateUserSettingsSchema = UserSettingsSchema.partial().strict()
