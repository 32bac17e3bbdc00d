import { z } from 'zod'
import { ContactSchema } from './contacts.js'
import { PLANS } from './options.js'
import { WritingProfileSchema } from './profiles.js'
import { UserSettingsSchema } from './settings.js'
import { TicketSchema } from './support.js'
import { TemplateSchema } from './templates.js'

/** The word the user types to confirm Delete Account (decision 035); the API asks for it too. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE'

/** DELETE /api/user: a stray request without the typed confirmation deletes nothing. */
export const DeleteAccountInputSchema = z.object({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    error: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  }),
})
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>

/** The account as exported: what the user sees of it, never tokens or payment-provider ids. */
export const ExportedProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  plan: z.enum(PLANS),
  proExpiration: z.string().nullable(),
  gmailConnected: z.boolean(),
  aiEmailsUsedThisMonth: z.number().int(),
  lastUsageReset: z.string(),
  hasCompletedOnboarding: z.boolean(),
  hasSeenTutorial: z.boolean(),
  createdAt: z.string(),
})

export const ExportedAiDraftSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  writingProfileId: z.string().nullable(),
  userInput: z.string(),
  aiDraft: z.string(),
  finalVersion: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

/** A ticket the user sent while signed in, as the admin panel sees it. */
export const ExportedTicketSchema = TicketSchema

/** GET /api/user/export: the JSON file of everything Inkwell stores for the user (decision 035). */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: ExportedProfileSchema,
  settings: UserSettingsSchema,
  contacts: z.array(ContactSchema),
  writingProfiles: z.array(WritingProfileSchema),
  aiDrafts: z.array(ExportedAiDraftSchema),
  tickets: z.array(ExportedTicketSchema),
  /** The user's own templates (the built-in ones are the same for everyone). */
  templates: z.array(TemplateSchema),
})
export type AccountExport = z.infer<typeof AccountExportSchema>
