import { z } from 'zod'
import {
  AFTER_ARCHIVE,
  CONTACT_TONES,
  EMAIL_THEMES,
  LANGUAGES,
  PRIORITY_DISPLAYS,
  UNDO_SEND_SECONDS,
} from './options.js'

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
  /** Seconds a sent message can still be taken back; 0 turns Undo send off (Gmail's choices). */
  undoSendSeconds: z.union(UNDO_SEND_SECONDS.map((n) => z.literal(n))),
  /** New mail, replies and forwards start with the Gmail signature. */
  useGmailSignature: z.boolean(),
  afterArchive: z.enum(AFTER_ARCHIVE),
})
export type UserSettings = z.infer<typeof UserSettingsSchema>

/** PUT /api/user/settings: any subset; unknown fields are refused. */
export const UpdateUserSettingsSchema = UserSettingsSchema.partial().strict()
