import { count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { tickets } from '../../db/schema.js'

export type TicketRow = typeof tickets.$inferSelect
export type NewTicket = typeof tickets.$inferInsert

/** Tickets are not owned rows: anyone may file one, and only admins read them (decision 035). */
export function createSupportRepository(db: Database) {
  return {
    async insert(values: NewTicket): Promise<TicketRow> {
      const [row] = await db.insert(tickets).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },

    /**
     * Priority-support tickets still to answer first (decision 051), then newest first;
     * `status` narrows to one status (the admin panel's filter).
     */
    async list(options: { status?: string; limit: number }): Promise<TicketRow[]> {
      return db
        .select()
        .from(tickets)
        .where(options.status ? eq(tickets.status, options.status) : undefined)
        .orderBy(
          desc(sql`${tickets.prioritySupport} and ${tickets.status} in ('open', 'in_progress')`),
          desc(tickets.createdAt),
          desc(tickets.id),
        )
        .limit(options.limit)
    },

    /** How many tickets have each status (statuses with none are absent). */
    async countByStatus(): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: tickets.status, n: count() })
        .from(tickets)
        .groupBy(tickets.status)
      return new Map(rows.map((r) => [r.status, r.n]))
    },

    /** The updated ticket, or null when there is no ticket with this id. */
    async setStatus(id: string, status: string): Promise<TicketRow | null> {
      const [row] = await db.update(tickets).set({ status }).where(eq(tickets.id, id)).returning()
      return row ?? null
    },
  }
}

export type SupportRepository = ReturnType<typeof createSupportRepository>
