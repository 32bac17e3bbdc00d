import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { emailTemplates } from '../../db/schema.js'

export type TemplateRow = typeof emailTemplates.$inferSelect
/** The columns a user edits; the rest (id, owner, timestamps) the repository manages. */
export type TemplateValues = Pick<TemplateRow, 'name' | 'subject' | 'body' | 'language'>

/** Every query is scoped by the owner's id: another user's template is simply not there. */
export function createTemplatesRepository(db: Database) {
  const owned = (userId: string, id: string) =>
    and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId))

  return {
    /** The user's templates, the last edited first, then by name so the order is stable. */
    async list(userId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.userId, userId))
        .orderBy(desc(emailTemplates.updatedAt), emailTemplates.name, emailTemplates.id)
    },

    async find(userId: string, id: string): Promise<TemplateRow | null> {
      const [row] = await db.select().from(emailTemplates).where(owned(userId, id))
      return row ?? null
    },

    /**
     * Inserts unless the user already has `max` templates (null then). The user's templates are
     * counted under a per-user transaction lock, so two saves at once cannot both pass the cap.
     */
    async insertWithin(
      userId: string,
      values: TemplateValues,
      max: number,
    ): Promise<TemplateRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`email-templates:${userId}`}, 0))`,
        )
        const [held] = await tx
          .select({ n: count() })
          .from(emailTemplates)
          .where(eq(emailTemplates.userId, userId))
        if ((held?.n ?? 0) >= max) return null
        const [row] = await tx
          .insert(emailTemplates)
          .values({ ...values, userId })
          .returning()
        if (!row) throw new Error('insert returned no row')
        return row
      })
    },

    /** null when the user has no such template. */
    async update(
      userId: string,
      id: string,
      values: Partial<TemplateValues>,
    ): Promise<TemplateRow | null> {
      const [row] = await db
        .update(emailTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning()
      return row ?? null
    },

    /** false when the user has no such template. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(emailTemplates)
        .where(owned(userId, id))
        .returning({ id: emailTemplates.id })
      return rows.length > 0
    },
  }
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>
