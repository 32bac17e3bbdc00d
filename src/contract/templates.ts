import { z } from 'zod'
import { LANGUAGES } from './options.js'

/** Limits of a custom template (decision 051); a 400 names the field past them. */
export const TEMPLATE_NAME_MAX = 100
export const TEMPLATE_SUBJECT_MAX = 998
/** 128 KiB of text: a long letter or a pasted document is kept whole (issue 24 asks 100 KB). */
export const TEMPLATE_BODY_MAX = 128 * 1024
/** Custom templates one user may keep; a snippet library, not a mail archive. */
export const MAX_TEMPLATES_PER_USER = 200

/** What a template's text may say, as the template form tells the user. */
export const TEMPLATE_VARIABLES_HINT =
  'Use {{firstName}} and {{name}} for the recipient, {{myFirstName}} and {{myName}} for you: they are filled in when the template is inserted, and one with no value leaves nothing behind.'

/** Where a Free user is sent to get custom templates (the 403 says so, the UI links it). */
export const UPGRADE_PATH = '/upgrade'
export const TEMPLATES_PRO_MESSAGE = `Custom templates are part of Pro. Upgrade to Pro at ${UPGRADE_PATH} to create and edit your own; the built-in templates stay free.`

const text = (field: string, max: number) =>
  z
    .string(`${field} is required`)
    .max(max, `must be at most ${max} characters`)
    // Kept as typed (spaces and line breaks are the template's), but never only blanks.
    .refine((value) => value.trim() !== '', 'must not be empty')

const language = z
  .enum(LANGUAGES, { error: `must be one of: ${LANGUAGES.join(', ')}` })
  .nullish()
  .transform((value) => value ?? null)

/** POST /api/templates (Pro): a custom template. */
export const TemplateInputSchema = z.object({
  name: text('name', TEMPLATE_NAME_MAX).transform((value) => value.trim()),
  subject: z
    .string()
    .max(TEMPLATE_SUBJECT_MAX, `must be at most ${TEMPLATE_SUBJECT_MAX} characters`)
    .regex(/^[^\r\n]*$/, 'must be one line')
    .default('')
    .transform((value) => value.trim()),
  body: text('body', TEMPLATE_BODY_MAX),
  language,
})
export type TemplateInput = z.input<typeof TemplateInputSchema>

/** PATCH /api/templates/:id (Pro): the fields given change, the others stay. */
export const TemplatePatchSchema = z
  .object({
    name: TemplateInputSchema.shape.name.optional(),
    subject: z
      .string()
      .max(TEMPLATE_SUBJECT_MAX, `must be at most ${TEMPLATE_SUBJECT_MAX} characters`)
      .regex(/^[^\r\n]*$/, 'must be one line')
      .transform((value) => value.trim())
      .optional(),
    body: TemplateInputSchema.shape.body.optional(),
    language: z
      .enum(LANGUAGES, { error: `must be one of: ${LANGUAGES.join(', ')}` })
      .nullable()
      .optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Give at least one of name, subject, body, language',
    path: ['name'],
  })
export type TemplatePatch = z.input<typeof TemplatePatchSchema>

export const TEMPLATE_KINDS = ['builtin', 'custom'] as const

/** A template as every screen shows it: one of the built-in basic ones, or the user's own. */
export const TemplateSchema = z.object({
  /** `builtin-<key>-<language code>` for a built-in one, a uuid for a custom one. */
  id: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  /** A built-in template's family ("follow-up"), the same in every language; null for custom. */
  key: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  language: z.enum(LANGUAGES).nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
})
export type Template = z.infer<typeof TemplateSchema>

/** GET /api/templates: the built-in templates, then the user's own (newest edited first). */
export const TemplateListSchema = z.array(TemplateSchema)

/** A template id in a path: a built-in one's or a uuid (a PATCH or DELETE of a built-in is 400). */
export const TemplateIdParamsSchema = z.object({ id: z.uuid('Not a valid id') })
