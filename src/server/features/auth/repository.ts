import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { sessions, users, type UserRow } from '../../db/schema.js'

export type NewGoogleUser = {
  googleId: string
  email: string
  name: string
  avatar: string | null
}

export type TokenColumns = Pick<
  UserRow,
  'gmailAccessToken' | 'gmailRefreshToken' | 'gmailTokenExpiresAt' | 'gmailConnected'
>

export function createAuthRepository(db: Database) {
  // Every signed-in request runs this: prepared once per connection, PostgreSQL plans it once,
  // and drizzle builds its SQL once.
  const sessionUser = db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_user')

  return {
    async findByGoogleId(googleId: string) {
      const [row] = await db.select().from(users).where(eq(users.googleId, googleId))
      return row ?? null
    },

    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email))
      return row ?? null
    },

    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row ?? null
    },

    async insertUser(user: NewGoogleUser & TokenColumns) {
      const [row] = await db.insert(users).values(user).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },

    async updateUser(id: string, changes: Partial<NewGoogleUser & TokenColumns>) {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning()
      if (!row) throw new Error('user vanished during update')
      return row
    },

    async insertSession(id: string, userId: string, expiresAt: Date) {
      await db.insert(sessions).values({ id, userId, expiresAt })
    },

    async findSessionUser(sessionId: string, now: Date) {
      const [row] = await sessionUser.execute({ sessionId, now })
      return row?.user ?? null
    },

    async deleteSession(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId))
    },

    async deleteUserSessions(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId))
    },

    /** Answers how many were deleted. */
    async deleteExpiredSessions(now: Date): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, now))
        .returning({ id: sessions.id })
      return gone.length
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
