import type { z } from 'zod'
import {
  ADMIN_TICKET_PAGE,
  ANONYMOUS_TICKET_EMAIL,
  ANONYMOUS_TICKET_NAME,
  TicketSchema,
  type AdminTicketList,
  type CreatedTicket,
  type CreateTicketInputSchema,
  type Ticket,
  type TicketStatus,
} from '../../../contract/support.js'
import type { UserRow } from '../../db/schema.js'
import { NotFound } from '../../lib/errors.js'
import { isProActive } from '../billing/plan.js'
import type { SupportRepository, TicketRow } from './repository.js'

/** A ticket as the forms send it, after validation (defaults applied, blanks dropped). */
export type TicketValuesInput = z.output<typeof CreateTicketInputSchema>

export type SupportServiceDeps = {
  repo: SupportRepository
  /** The clock a Pro plan's end is read against. */
  now?: () => Date
}

export function toTicket(row: TicketRow): Ticket {
  return TicketSchema.parse({ ...row, createdAt: row.createdAt.toISOString() })
}

export function createSupportService({ repo, now = () => new Date() }: SupportServiceDeps) {
  return {
    /**
     * Files a ticket. A signed-in sender owns it (it is exported and deleted with the account)
     * and fills in what the form left out; otherwise the spec's anonymous fallback applies.
     * A Pro sender's ticket is marked for priority support (decision 051): the plan is read
     * from the session's user, never from the form.
     */
    async create(
      input: TicketValuesInput,
      sender: Pick<UserRow, 'id' | 'name' | 'email' | 'plan' | 'proExpiration'> | null,
    ): Promise<CreatedTicket> {
      const row = await repo.insert({
        userId: sender?.id ?? null,
        type: input.type,
        priority: input.priority,
        subject: input.subject ?? null,
        message: input.message,
        name: input.name ?? sender?.name ?? ANONYMOUS_TICKET_NAME,
        email: input.email ?? sender?.email ?? ANONYMOUS_TICKET_EMAIL,
        url: input.url ?? null,
        userAgent: input.userAgent ?? null,
        prioritySupport: sender !== null && isProActive(sender, now()),
      })
      const ticket = toTicket(row)
      return { id: ticket.id, status: ticket.status, prioritySupport: ticket.prioritySupport }
    },

    async list(status: TicketStatus | undefined): Promise<AdminTicketList> {
      const [rows, byStatus] = await Promise.all([
        repo.list({ status, limit: ADMIN_TICKET_PAGE }),
        repo.countByStatus(),
      ])
      const of = (s: TicketStatus) => byStatus.get(s) ?? 0
      return {
        tickets: rows.map(toTicket),
        counts: {
          total: [...byStatus.values()].reduce((a, b) => a + b, 0),
          open: of('open'),
          in_progress: of('in_progress'),
          resolved: of('resolved'),
          closed: of('closed'),
        },
      }
    },

    async setStatus(id: string, status: TicketStatus): Promise<Ticket> {
      const row = await repo.setStatus(id, status)
      if (!row) throw new NotFound('Ticket not found')
      return toTicket(row)
    },
  }
}

export type SupportService = ReturnType<typeof createSupportService>
