import { z } from 'zod'
import {
  CONTACT_TONES,
  DEFAULT_GREETING,
  DEFAULT_SIGNOFF,
  FORMALITIES,
  LANGUAGES,
} from './options.js'
import { UPGRADE_PATH } from './templates.js'

/**
 * The 403 a Free user gets for choosing a contact's writing profile (decision 050): it names
 * Pro and where to upgrade, as the other Pro-only answers do.
 */
export const CONTACT_PROFILE_PRO_MESSAGE = `A writing profile for one contact is part of Pro. Upgrade to Pro at ${UPGRADE_PATH} to choose one; drafts to this contact use your default profile.`

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null))

/** A blank greeting or sign-off means "use the default". */
const withDefault = (fallback: string) =>
  z
    .string()
    .trim()
    .max(100, 'Must be at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : fallback))

/** What the Add/Edit dialog sends (POST /api/contacts, PUT /api/contacts/:id). */
export const ContactInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Enter a valid email address'))
    .transform((v) => v.toLowerCase()),
  tone: z
    .enum(CONTACT_TONES, { error: `Tone must be one of: ${CONTACT_TONES.join(', ')}` })
    .default('professional'),
  formality: z
    .enum(FORMALITIES, { error: `Formality must be one of: ${FORMALITIES.join(', ')}` })
    .default('formal'),
  language: z
    .enum(LANGUAGES, { error: `Language must be one of: ${LANGUAGES.join(', ')}` })
    .default('english'),
  greeting: withDefault(DEFAULT_GREETING),
  signoff: withDefault(DEFAULT_SIGNOFF),
  memory: optionalText(5000),
  context: optionalText(5000),
  /**
   * Pro (decision 050): the writing profile drafts to this contact use instead of the default;
   * null for the default. Left out, a save keeps what is stored (a new contact gets none).
   */
  writingProfileId: z.uuid('Not a valid writing profile id').nullable().optional(),
})
export type ContactInput = z.input<typeof ContactInputSchema>

export const ContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  tone: z.enum(CONTACT_TONES),
  formality: z.enum(FORMALITIES),
  language: z.enum(LANGUAGES),
  greeting: z.string(),
  signoff: z.string(),
  memory: z.string().nullable(),
  context: z.string().nullable(),
  writingProfileId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Contact = z.infer<typeof ContactSchema>

export const ContactListSchema = z.array(ContactSchema)

export const IdParamsSchema = z.object({ id: z.uuid('Not a valid id') })

/**
 * GET /api/contacts/suggestions: the people the user writes to most, counted from their own sent
 * mail (To and Cc), most first; `contact` is the saved contact with that address, if any.
 */
export const ContactSuggestionSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** Sent messages addressed to them among those read. */
  count: z.number().int(),
  contact: ContactSchema.nullable(),
})
export type ContactSuggestion = z.infer<typeof ContactSuggestionSchema>
export const ContactSuggestionListSchema = z.array(ContactSuggestionSchema)

export const ContactSuggestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(3),
})
