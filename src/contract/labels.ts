import { z } from 'zod'
import { gmailId, THREAD_ACTIONS } from './mail.js'

/**
 * The views and labels of the whole mailbox (issue 28): Gmail's system labels, the user's own
 * labels (nested by `/` in their names, as Gmail shows them), with counts from the label
 * counters, never from a scan.
 */
export const LABEL_TYPES = ['system', 'user'] as const

/** Gmail's label colour: a pair from its palette (`#rrggbb`). */
export const LabelColorSchema = z.object({
  backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Not a colour (#rrggbb)'),
  textColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Not a colour (#rrggbb)'),
})
export type LabelColor = z.infer<typeof LabelColorSchema>

export const LabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LABEL_TYPES),
  /** Conversations under the label, and how many of them are unread. */
  unread: z.number().int(),
  total: z.number().int(),
  color: LabelColorSchema.optional(),
})
export type Label = z.infer<typeof LabelSchema>

/** GET /api/gmail/labels */
export const LabelListSchema = z.object({ labels: z.array(LabelSchema) })
export type LabelList = z.infer<typeof LabelListSchema>

/** Gmail's own rules for a label's name: no `/` at either end, 225 characters at most. */
export const LabelNameSchema = z
  .string()
  .trim()
  .min(1, 'Label name is required')
  .max(225, 'Label name must be at most 225 characters')
  .refine((name) => !name.startsWith('/') && !name.endsWith('/'), {
    message: 'Label name cannot start or end with "/"',
  })
  .refine((name) => !name.split('/').some((part) => part.trim() === ''), {
    message: 'Label name cannot have an empty level ("a//b")',
  })

/** POST /api/gmail/labels */
export const CreateLabelSchema = z.object({
  name: LabelNameSchema,
  color: LabelColorSchema.optional(),
})
/** PATCH /api/gmail/labels/:id: rename or recolour. */
export const UpdateLabelSchema = z
  .object({ name: LabelNameSchema.optional(), color: LabelColorSchema.nullable().optional() })
  .strict()
  .refine((change) => change.name !== undefined || change.color !== undefined, {
    message: 'Nothing to change: give a name or a color',
  })

export const LabelIdParamsSchema = z.object({ id: gmailId() })

/** A snooze's time: at least a minute and at most a year ahead (checked against the clock). */
export const SNOOZE_MIN_MS = 60_000
export const SNOOZE_MAX_MS = 366 * 24 * 3_600_000

/**
 * POST /api/gmail/threads/:id/actions, and the same for a selection: the simple actions, then
 * labelling (`label`, with ids to add and remove), `move` (label plus archive, Gmail's "Move
 * to"), and snoozing.
 */
export const ThreadActionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(THREAD_ACTIONS) }),
  z
    .object({
      action: z.literal('label'),
      add: z.array(gmailId()).max(100).default([]),
      remove: z.array(gmailId()).max(100).default([]),
    })
    .refine((change) => change.add.length + change.remove.length > 0, {
      message: 'Give labels to add or remove',
      path: ['add'],
    }),
  z.object({ action: z.literal('move'), to: gmailId() }),
  z.object({ action: z.literal('snooze'), until: z.iso.datetime({ offset: true }) }),
  z.object({ action: z.literal('unsnooze') }),
])
export type ThreadActionRequest = z.input<typeof ThreadActionRequestSchema>

/** Gmail's batch modify takes up to 1,000 messages; a selection is at most 500 conversations. */
export const MAX_SELECTION = 500

/** POST /api/gmail/threads/actions: one action on a selection of conversations. */
export const BulkThreadActionSchema = z.object({
  threadIds: z.array(gmailId()).min(1, 'Select a conversation').max(MAX_SELECTION),
  change: ThreadActionRequestSchema,
})
export type BulkThreadAction = z.input<typeof BulkThreadActionSchema>
/** What a selection's action did: the ids changed, and those that were not (another user's, gone). */
export const BulkThreadActionResultSchema = z.object({
  changed: z.array(z.string()),
  notFound: z.array(z.string()),
})

/** The Gmail label that mirrors Inkwell's snooze, so it shows in Gmail and is never lost. */
export const SNOOZED_LABEL_NAME = 'Inkwell/Snoozed'

/** GET /api/gmail/signature: the default send-as address's signature, as Gmail keeps it. */
export const SignatureSchema = z.object({
  /** Gmail's HTML, and the same as plain text for the editor; empty when there is none. */
  html: z.string(),
  text: z.string(),
  /** The user's setting: new mail starts with it. */
  enabled: z.boolean(),
})
export type Signature = z.infer<typeof SignatureSchema>
