import { z } from 'zod'
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from './options.js'

export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** Longest message a ticket keeps; past it the form says so instead of the server truncating. */
export const TICKET_MESSAGE_MAX = 10_000

/** Fields a form may leave empty: '' and whitespace mean "not given". */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max, `must be at most ${max} characters`).optional(),
  )

/**
 * POST /api/contact, from the contact page, /help and the help desk. Without
 * an e-mail the ticket is anonymous (or the signed-in user's); the message is the only must.
 */
export const CreateTicketInputSchema = z.object({
  name: optionalText(200),
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.email('must be a valid e-mail address').max(320).optional(),
  ),
  subject: optionalText(300),
  message: z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(TICKET_MESSAGE_MAX, `must be at most ${TICKET_MESSAGE_MAX} characters`),
  type: z.enum(TICKET_TYPES).default('support'),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  userAgent: optionalText(1000),
  url: optionalText(2000),
})
export type CreateTicketInput = z.input<typeof CreateTicketInputSchema>

/** A support ticket as the admin panel (and the account export) shows it. */
export const TicketSchema = z.object({
  id: z.string(),
  type: z.string(),
  priority: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  /** Sent by a Pro user while signed in: answered first (priority support, decision 051). */
  prioritySupport: z.boolean(),
})
export type Ticket = z.infer<typeof TicketSchema>

/**
 * The answer to POST /api/contact: enough for the success screen to name the ticket, and to
 * tell a Pro user it is answered first.
 */
export const CreatedTicketSchema = z.object({
  id: z.string(),
  status: z.enum(TICKET_STATUSES),
  prioritySupport: z.boolean(),
})
export type CreatedTicket = z.infer<typeof CreatedTicketSchema>

export const TicketStatusFilterSchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
})

/** Tickets per status, over all tickets whatever the filter: the admin panel's counters. */
export const TicketCountsSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  in_progress: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
})
export type TicketCounts = z.infer<typeof TicketCountsSchema>

/**
 * GET /api/admin/tickets: the priority-support tickets still to answer (open or in progress)
 * first, then newest first; at most `ADMIN_TICKET_PAGE` of them.
 */
export const AdminTicketListSchema = z.object({
  tickets: z.array(TicketSchema),
  counts: TicketCountsSchema,
})
export type AdminTicketList = z.infer<typeof AdminTicketListSchema>
export const ADMIN_TICKET_PAGE = 500

/** PATCH /api/admin/tickets/:id/status: any status from any other (the spec sets no order). */
export const UpdateTicketStatusInputSchema = z.object({ status: z.enum(TICKET_STATUSES) })
export type UpdateTicketStatusInput = z.infer<typeof UpdateTicketStatusInputSchema>

/** The name and address an anonymous ticket carries (the spec's fallback when there is no e-mail); never delivers. */
export const ANONYMOUS_TICKET_NAME = 'Anonymous'
export const ANONYMOUS_TICKET_EMAIL = 'anonymous@inkwell.invalid'
