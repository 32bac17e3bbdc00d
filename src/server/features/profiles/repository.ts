import { and, asc, eq, sql } from 'drizzle-orm'
import { isUniqueViolation } from '../../db/errors.js'
import type { Database } from '../../db/client.js'
import { writingProfiles } from '../../db/schema.js'

export type WritingProfileRow = typeof writingProfiles.$inferSelect

/** The columns a user edits; `isDefault` only changes through create and set-default. */
export type WritingProfileValues = Pick<
  WritingProfileRow,
  | 'name'
  | 'description'
  | 'tone'
  | 'style'
  | 'vocabulary'
  | 'sentenceStructure'
  | 'personalityTraits'
  | 'commonPhrases'
  | 'avoidPhrases'
  | 'signatureStyle'
  | 'exampleText'
>

export type SetDefaultOutcome =
  { status: 'ok'; row: WritingProfileRow } | { status: 'not_found' } | { status: 'already_default' }

export type DeleteOutcome = 'deleted' | 'not_found' | 'is_default'

const ONE_DEFAULT_INDEX = 'writing_profiles_one_default_uq'
const ATTEMPTS = 3

/** True when PostgreSQL refused a second default profile for the same user. */
function isSecondDefault(error: unknown): boolean {
  return isUniqueViolation(error, ONE_DEFAULT_INDEX)
}

/**
 * Runs `work` again when the one-default index refused it: that only happens when a
 * concurrent call committed a default in between, and the next attempt sees it.
 */
async function retryOnSecondDefault<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= ATTEMPTS || !isSecondDefault(error)) throw error
    }
  }
}

/**
 * Every query is scoped by the owner's id. "At most one default per user" is the partial
 * unique index `writing_profiles_one_default_uq`; the methods below keep "exactly one".
 */
export function createProfilesRepository(db: Database) {
  const owned = (userId: string, id: string) =>
    and(eq(writingProfiles.id, id), eq(writingProfiles.userId, userId))

  return {
    /** Oldest first, so cards keep their place while being edited. */
    async list(userId: string): Promise<WritingProfileRow[]> {
      return db
        .select()
        .from(writingProfiles)
        .where(eq(writingProfiles.userId, userId))
        .orderBy(asc(writingProfiles.createdAt), asc(writingProfiles.id))
    },

    async find(userId: string, id: string): Promise<WritingProfileRow | null> {
      const [row] = await db.select().from(writingProfiles).where(owned(userId, id))
      return row ?? null
    },

    async findDefault(userId: string): Promise<WritingProfileRow | null> {
      const [row] = await db
        .select()
        .from(writingProfiles)
        .where(and(eq(writingProfiles.userId, userId), eq(writingProfiles.isDefault, true)))
      return row ?? null
    },

    /**
     * Inserts a profile that is the default when the user has none yet (their first one).
     * Two concurrent first profiles both try to be default; the index refuses the second,
     * which is retried and then sees the first.
     */
    async insertDefaultIfNone(
      userId: string,
      values: WritingProfileValues,
    ): Promise<WritingProfileRow> {
      return retryOnSecondDefault(async () => {
        const noDefault = sql<boolean>`not exists (
          select 1 from ${writingProfiles}
          where ${writingProfiles.userId} = ${userId} and ${writingProfiles.isDefault})`
        const [row] = await db
          .insert(writingProfiles)
          .values({ ...values, userId, isDefault: noDefault })
          .returning()
        if (!row) throw new Error('insert returned no row')
        return row
      })
    },

    /** null when the user has no such profile. */
    async update(
      userId: string,
      id: string,
      values: WritingProfileValues,
    ): Promise<WritingProfileRow | null> {
      const [row] = await db
        .update(writingProfiles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning()
      return row ?? null
    },

    /**
     * Makes `id` the user's only default in one transaction. The user's profile rows are
     * locked FOR UPDATE (in id order, so concurrent calls cannot deadlock): concurrent
     * switches run one after the other and each sees the outcome of the one before.
     */
    async setDefault(userId: string, id: string): Promise<SetDefaultOutcome> {
      return retryOnSecondDefault(() =>
        db.transaction(async (tx): Promise<SetDefaultOutcome> => {
          const rows = await tx
            .select({ id: writingProfiles.id, isDefault: writingProfiles.isDefault })
            .from(writingProfiles)
            .where(eq(writingProfiles.userId, userId))
            .orderBy(asc(writingProfiles.id))
            .for('update')
          const target = rows.find((row) => row.id === id)
          if (!target) return { status: 'not_found' }
          if (target.isDefault) return { status: 'already_default' }
          // Unset first: the unique index is checked row by row, not at the end of a statement.
          await tx
            .update(writingProfiles)
            .set({ isDefault: false })
            .where(and(eq(writingProfiles.userId, userId), eq(writingProfiles.isDefault, true)))
          const [row] = await tx
            .update(writingProfiles)
            .set({ isDefault: true })
            .where(owned(userId, id))
            .returning()
          if (!row) throw new Error('the locked profile vanished')
          return { status: 'ok', row }
        }),
      )
    },

    /**
     * Deletes a profile unless it is the default. One statement: PostgreSQL re-checks
     * `not is_default` on a row a concurrent set-default has just changed.
     */
    async deleteUnlessDefault(userId: string, id: string): Promise<DeleteOutcome> {
      const deleted = await db
        .delete(writingProfiles)
        .where(and(owned(userId, id), eq(writingProfiles.isDefault, false)))
        .returning({ id: writingProfiles.id })
      if (deleted.length > 0) return 'deleted'
      const [row] = await db
        .select({ isDefault: writingProfiles.isDefault })
        .from(writingProfiles)
        .where(owned(userId, id))
      return row ? 'is_default' : 'not_found'
    },
  }
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>
