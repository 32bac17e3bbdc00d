import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import {
  aiDrafts,
  emailTemplates,
  tickets,
  userSettings,
  users,
  type UserRow,
} from '../../db/schema.js'

export type UserSettingsRow = typeof userSettings.$inferSelect
export type SettingsValues = Omit<UserSettingsRow, 'userId' | 'updatedAt'>
export type AiDraftRow = typeof aiDrafts.$inferSelect
export type TicketRow = typeof tickets.$inferSelect
export type TemplateRow = typeof emailTemplates.$inferSelect

export function createAccountRepository(db: Database) {
  return {
    async findSettings(userId: string): Promise<UserSettingsRow | null> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId))
      return row ?? null
    },

    /**
     * Creates the settings row from `initial` or, when it exists, changes only `changes`:
     * one statement, so concurrent saves of different fields do not undo each other.
     */
    async upsertSettings(
      userId: string,
      initial: SettingsValues,
      changes: Partial<SettingsValues>,
    ): Promise<UserSettingsRow> {
      const [row] = await db
        .insert(userSettings)
        .values({ ...initial, ...changes, userId })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { ...changes, updatedAt: sql`now()` },
        })
        .returning()
      if (!row) throw new Error('upsert returned no row')
      return row
    },

    async listAiDrafts(userId: string): Promise<AiDraftRow[]> {
      return db
        .select()
        .from(aiDrafts)
        .where(eq(aiDrafts.userId, userId))
        .orderBy(asc(aiDrafts.createdAt), asc(aiDrafts.id))
    },

    async listTickets(userId: string): Promise<TicketRow[]> {
      return db
        .select()
        .from(tickets)
        .where(eq(tickets.userId, userId))
        .orderBy(asc(tickets.createdAt), asc(tickets.id))
    },

    async listTemplates(userId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.userId, userId))
        .orderBy(asc(emailTemplates.createdAt), asc(emailTemplates.id))
    },

    /** Sets the onboarding flags given (only ever to true); answers them as saved. */
    async markOnboarding(
      userId: string,
      flags: { hasCompletedOnboarding?: true; hasSeenTutorial?: true },
    ): Promise<{ hasCompletedOnboarding: boolean; hasSeenTutorial: boolean } | null> {
      const columns = {
        hasCompletedOnboarding: users.hasCompletedOnboarding,
        hasSeenTutorial: users.hasSeenTutorial,
      }
      const [row] =
        Object.keys(flags).length > 0
          ? await db.update(users).set(flags).where(eq(users.id, userId)).returning(columns)
          : await db.select(columns).from(users).where(eq(users.id, userId))
      return row ?? null
    },

    /**
     * Deletes the user; the foreign keys remove sessions, settings, contacts, profiles, drafts,
     * the mail cache, the templates and the tickets sent signed in (decision 016). Returns the deleted row (with the
     * latest tokens, to revoke), or null when it was already gone.
     */
    async deleteUser(userId: string): Promise<UserRow | null> {
      const [row] = await db.delete(users).where(eq(users.id, userId)).returning()
      return row ?? null
    },
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>
