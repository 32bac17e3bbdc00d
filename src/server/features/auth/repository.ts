import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm'
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
  // and drizzle builds its SQL once. One statement (decision 042): a session past its end or
  // idle too long is deleted, a live one is marked used when its mark is older than
  // `touchBefore` (so at most every few minutes, not on every request), and the select answers
  // the user of a live one. All three see the row as it was; by primary key, they cost little.
  const live = and(
    gt(sessions.expiresAt, sql.placeholder('now')),
    gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
  )
  const ended = db.$with('ended').as(
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          or(
            lte(sessions.expiresAt, sql.placeholder('now')),
            lte(sessions.lastSeenAt, sql.placeholder('idleSince')),
          ),
        ),
      )
      .returning({ id: sessions.id }),
  )
  const touched = db.$with('touched').as(
    db
      .update(sessions)
      .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          live,
          lt(sessions.lastSeenAt, sql.placeholder('touchBefore')),
        ),
      )
      .returning({ id: sessions.id }),
  )
  const sessionUser = db
    .with(ended, touched)
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), live))
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

    /**
     * The user of a live session: not past `now`, used after `idleSince`. Ends the session when
     * it is not; marks it used at `now` when its last mark is before `touchBefore`.
     */
    async findSessionUser(
      sessionId: string,
      at: { now: Date; idleSince: Date; touchBefore: Date },
    ) {
      const [row] = await sessionUser.execute({ sessionId, ...at })
      return row?.user ?? null
    },

    async deleteSession(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId))
    },

    async deleteUserSessions(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId))
    },

    /** Deletes the sessions past their end or unused since `idleSince`; answers how many. */
    async deleteEndedSessions(now: Date, idleSince: Date): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
        .returning({ id: sessions.id })
      return gone.length
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
