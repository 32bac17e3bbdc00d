import { and, asc, eq, sql } from 'drizzle-orm'
import { isUniqueViolation } from '../../db/errors.js'
import type { Database } from '../../db/client.js'
import { contacts, writingProfiles } from '../../db/schema.js'

export type ContactRow = typeof contacts.$inferSelect

/** The columns a user edits; the rest (id, owner, timestamps) the repository manages. */
export type ContactValues = Pick<
  ContactRow,
  | 'name'
  | 'email'
  | 'tone'
  | 'formality'
  | 'language'
  | 'greeting'
  | 'signoff'
  | 'memory'
  | 'context'
> & {
  /** Left out, an update keeps what is stored; a new contact then gets none. */
  writingProfileId?: string | null
}

const EMAIL_UNIQUE_INDEX = 'contacts_user_email_uq'
const WRITING_PROFILE_FK = 'contacts_writing_profile_id_writing_profiles_id_fk'

/** True when `error` is PostgreSQL refusing a second contact with the same e-mail (any case). */
export function isDuplicateContactEmail(error: unknown): boolean {
  return isUniqueViolation(error, EMAIL_UNIQUE_INDEX)
}

/**
 * True when `error` is PostgreSQL refusing a contact's writing profile that is not there (SQLSTATE
 * 23503): deleted between the check that it is the user's and the write.
 */
export function isMissingWritingProfile(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: unknown; constraint?: unknown }
    if (pg.code === '23503') return pg.constraint === WRITING_PROFILE_FK
  }
  return false
}

/** Every query is scoped by the owner's id: another user's contact is simply not there. */
export function createContactsRepository(db: Database) {
  const owned = (userId: string, id: string) =>
    and(eq(contacts.id, id), eq(contacts.userId, userId))

  return {
    /** Alphabetical by name (case-insensitive), then by e-mail so the order is stable. */
    async list(userId: string): Promise<ContactRow[]> {
      return db
        .select()
        .from(contacts)
        .where(eq(contacts.userId, userId))
        .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.email))
    },

    async find(userId: string, id: string): Promise<ContactRow | null> {
      const [row] = await db.select().from(contacts).where(owned(userId, id))
      return row ?? null
    },

    /** True when the writing profile `profileId` is one of the user's own. */
    async ownsWritingProfile(userId: string, profileId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: writingProfiles.id })
        .from(writingProfiles)
        .where(and(eq(writingProfiles.id, profileId), eq(writingProfiles.userId, userId)))
      return row !== undefined
    },

    async findByEmail(userId: string, email: string): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(
          and(eq(contacts.userId, userId), eq(sql`lower(${contacts.email})`, email.toLowerCase())),
        )
      return row ?? null
    },

    /** Throws the unique violation on a duplicate e-mail (see `isDuplicateContactEmail`). */
    async insert(userId: string, values: ContactValues): Promise<ContactRow> {
      const [row] = await db
        .insert(contacts)
        .values({ ...values, userId })
        .returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },

    /** null when the user has no such contact. */
    async update(userId: string, id: string, values: ContactValues): Promise<ContactRow | null> {
      const [row] = await db
        .update(contacts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning()
      return row ?? null
    },

    /**
     * Adds a line to the contact's memory in one statement (no lost update beside autosave).
     * The memory keeps its newest `maxChars`: the oldest notes give way first.
     */
    async appendMemory(userId: string, id: string, line: string, maxChars: number) {
      const rows = await db
        .update(contacts)
        .set({
          memory: sql`right(coalesce(${contacts.memory} || E'\n', '') || ${line}, ${maxChars})`,
          updatedAt: sql`now()`,
        })
        .where(owned(userId, id))
        .returning({ id: contacts.id })
      return rows.length > 0
    },

    /** false when the user has no such contact. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(contacts).where(owned(userId, id)).returning({ id: contacts.id })
      return rows.length > 0
    },
  }
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>
