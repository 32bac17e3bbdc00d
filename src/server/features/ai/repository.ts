import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { aiDrafts } from '../../db/schema.js'

export type AiDraftRow = typeof aiDrafts.$inferSelect
export type NewAiDraft = Omit<
  typeof aiDrafts.$inferInsert,
  'id' | 'status' | 'aiDraft' | 'createdAt' | 'updatedAt'
>
/** How a generation ended: its text (whole, or as far as it got), usage and time. */
export type DraftOutcome = {
  status: 'draft' | 'cancelled' | 'failed'
  aiDraft: string
  inputTokens: number | null
  outputTokens: number | null
  latencyMs: number
  /** A compose draft's subject, known once it is written (the user's, else the model's line). */
  subject?: string | null
}

/** SQL of the ai_drafts table; every statement is scoped by the owner. */
export function createAiRepository(db: Database) {
  const owned = (userId: string, id: string) =>
    and(eq(aiDrafts.id, id), eq(aiDrafts.userId, userId))

  return {
    /**
     * The row of a generation that is starting (empty text until it finishes), unless the user
     * has `max` generations in flight already: then the time the oldest of them started.
     *
     * In flight is a row not finished yet (`finish` always sets the latency) that started
     * within `staleAfterMs`: a generation outlives its timeout only when its instance died
     * mid-way, and such a row must not hold a slot forever. The count is kept here, in
     * PostgreSQL, so the limit holds across instances; a per-user transaction lock makes
     * count-then-insert one step, or two instances could each see room for the last slot.
     */
    async insertInFlight(
      draft: NewAiDraft,
      limit: { max: number; staleAfterMs: number },
    ): Promise<{ row: AiDraftRow } | { busySince: Date }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`ai-generations:${draft.userId}`}, 0))`,
        )
        const [flight] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            oldest: sql<string | Date | null>`min(created_at)`,
          })
          .from(aiDrafts)
          .where(
            and(
              eq(aiDrafts.userId, draft.userId),
              eq(aiDrafts.status, 'draft'),
              isNull(aiDrafts.latencyMs),
              sql`${aiDrafts.createdAt} > now() - make_interval(secs => ${limit.staleAfterMs / 1000}::double precision)`,
            ),
          )
        if (flight && flight.count >= limit.max) {
          return { busySince: new Date(flight.oldest ?? Date.now()) }
        }
        const [row] = await tx
          .insert(aiDrafts)
          .values({ ...draft, aiDraft: '' })
          .returning()
        if (!row) throw new Error('insert returned no row')
        return { row }
      })
    },

    async finish(userId: string, id: string, outcome: DraftOutcome): Promise<void> {
      await db
        .update(aiDrafts)
        .set({ ...outcome, updatedAt: sql`now()` })
        .where(owned(userId, id))
    },

    /**
     * Records what was sent. Only a finished draft can become `sent`: a failed or cancelled
     * generation's partial text never counts as sent. null when nothing matched.
     */
    async markSent(userId: string, id: string, finalVersion: string) {
      const [row] = await db
        .update(aiDrafts)
        .set({ finalVersion, status: 'sent', updatedAt: sql`now()` })
        .where(and(owned(userId, id), eq(aiDrafts.status, 'draft')))
        .returning({ contactId: aiDrafts.contactId, subject: aiDrafts.subject })
      return row ?? null
    },

    async find(userId: string, id: string): Promise<AiDraftRow | null> {
      const [row] = await db.select().from(aiDrafts).where(owned(userId, id))
      return row ?? null
    },
  }
}

export type AiRepository = ReturnType<typeof createAiRepository>
