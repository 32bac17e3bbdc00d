import { z } from 'zod'
import { DraftSchema, SendAtSchema } from './mail.js'
import { UPGRADE_PATH } from './templates.js'

/**
 * Mail that waits to be sent (issue 24, decision 053): Send later (Pro) and the Undo send
 * window (everyone) are one mechanism. The message is a Gmail draft until its time; a job
 * sends it once.
 */

/** The earliest a Send later may be set, from now: sooner is what Undo send is for. */
export const SEND_LATER_MIN_SECONDS = 30
/** The latest a Send later may be set: a year ahead. */
export const SEND_LATER_MAX_DAYS = 365

export const SEND_LATER_PRO_MESSAGE = `Send later is part of Pro. Upgrade to Pro at ${UPGRADE_PATH} to schedule mail; Undo send stays free.`

export const ScheduledStatusSchema = z.enum(['scheduled', 'sending', 'sent', 'failed', 'cancelled'])
export type ScheduledStatus = z.infer<typeof ScheduledStatusSchema>

/** POST /api/gmail/send, when the message waits (202): the id that cancels it, and when it goes. */
export const ScheduledSendAcceptedSchema = z.object({
  scheduledId: z.uuid(),
  sendAt: z.string(),
  kind: z.enum(['later', 'undo']),
})
export type ScheduledSendAccepted = z.infer<typeof ScheduledSendAcceptedSchema>

/** One message in the Scheduled view. */
export const ScheduledSendSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['later', 'undo']),
  to: z.array(z.string()),
  subject: z.string(),
  sendAt: z.string(),
  status: ScheduledStatusSchema,
  /** Why it failed at its time (status `failed`); the message is still in Drafts. */
  error: z.string().nullable(),
  draftId: z.string(),
  threadId: z.string().nullable(),
})
export type ScheduledSend = z.infer<typeof ScheduledSendSchema>

/** GET /api/gmail/scheduled: what waits, then what failed, soonest first. */
export const ScheduledListSchema = z.object({ scheduled: z.array(ScheduledSendSchema) })
export type ScheduledList = z.infer<typeof ScheduledListSchema>

/** `/api/gmail/scheduled/:id` */
export const ScheduledParamsSchema = z.object({ id: z.uuid('Not a scheduled message id') })

/** PATCH /api/gmail/scheduled/:id: a new time (the same rules as Send later's). */
export const MoveScheduledSchema = z.object({ sendAt: SendAtSchema })

/**
 * DELETE /api/gmail/scheduled/:id: it will not be sent. The message stays a Gmail draft, and
 * this is what the editor needs to reopen it where it was written: the draft as the Drafts
 * view gives it (text, recipients, files, the message it answers), and the AI draft it came from.
 */
export const CancelledScheduledSchema = z.object({
  id: z.uuid(),
  /** Null when Gmail could not give the draft back (deleted there, Gmail disconnected). */
  draft: DraftSchema.nullable(),
  aiDraftId: z.string().nullable(),
})
export type CancelledScheduled = z.infer<typeof CancelledScheduledSchema>
