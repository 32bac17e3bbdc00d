/**
 * Where each user's mail sync stands, and what keeps syncs apart: the sync state row, the
 * advisory lock that lets one sync of a user run at a time, the shared Gmail quota bucket, and
 * who renews the mailbox's Gmail watch.
 */
import { and, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm'
import type { Pool } from 'pg'
import type { Database } from '../../../db/client.js'
import { gmailQuota, mailSkippedMessages, mailSyncState } from '../../../db/schema.js'
import type { QuotaStore } from '../gmail/quota.js'

export function createSyncStateRepository(db: Database, pool: Pool) {
  return {
    /** Where the user's sync stands, with how many messages it could not store. */
    async getSyncState(userId: string) {
      const [row] = await db
        .select({
          ...getTableColumns(mailSyncState),
          skippedMessages: sql<number>`(select count(*)::int from ${mailSkippedMessages}
            where ${mailSkippedMessages.userId} = ${mailSyncState.userId})`,
        })
        .from(mailSyncState)
        .where(eq(mailSyncState.userId, userId))
      return row ?? null
    },

    async saveSyncState(
      userId: string,
      changes: Partial<Omit<typeof mailSyncState.$inferInsert, 'userId'>>,
    ) {
      await db
        .insert(mailSyncState)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: mailSyncState.userId, set: changes })
    },

    /**
     * The user's Gmail quota bucket, as a store every instance shares: the row is locked while
     * it is refilled and drawn on, so concurrent takers never spend the same units.
     */
    quotaStore(userId: string): QuotaStore {
      let created = false
      return {
        async take(units, unitsPerMinute, keep = 0) {
          if (!created) {
            await db
              .insert(gmailQuota)
              .values({ userId, tokens: unitsPerMinute })
              .onConflictDoNothing()
            created = true
          }
          const { rows } = await pool.query<{ available: number; granted: boolean }>(
            `with current as (
               select user_id,
                 least($2::float8, tokens
                   + extract(epoch from clock_timestamp() - updated_at) * $2::float8 / 60) as available
               from gmail_quota where user_id = $1 for update
             ), taken as (
               update gmail_quota q set tokens = c.available - $3, updated_at = clock_timestamp()
               from current c where q.user_id = c.user_id and c.available >= $3::float8 + $4::float8
               returning 1
             )
             select available, exists (select 1 from taken) as granted from current`,
            [userId, unitsPerMinute, units, keep],
          )
          const row = rows[0]
          return { granted: row?.granted ?? false, available: row?.available ?? 0 }
        },
        async empty() {
          await pool.query(
            `update gmail_quota set tokens = 0, updated_at = clock_timestamp() where user_id = $1`,
            [userId],
          )
        },
      }
    },

    /**
     * Claims the renewal of the user's Gmail watch (decision 037): true for the one caller, on
     * any instance, that finds it never set up or last set up before `staleBefore`; that caller
     * must renew it, or give the claim back.
     */
    async claimWatchRenewal(userId: string, staleBefore: Date): Promise<boolean> {
      const claimed = await db
        .update(mailSyncState)
        .set({ watchRenewedAt: new Date() })
        .where(
          and(
            eq(mailSyncState.userId, userId),
            or(isNull(mailSyncState.watchRenewedAt), lt(mailSyncState.watchRenewedAt, staleBefore)),
          ),
        )
        .returning({ userId: mailSyncState.userId })
      return claimed.length > 0
    },

    /** Gives a claimed renewal back after it failed, so the next attempt anywhere makes it. */
    async releaseWatchRenewal(userId: string): Promise<void> {
      await db
        .update(mailSyncState)
        .set({ watchRenewedAt: null })
        .where(eq(mailSyncState.userId, userId))
    },

    /** Mailboxes whose watch is due: never set up, or last set up before `staleBefore`. */
    async watchesDue(staleBefore: Date): Promise<string[]> {
      const rows = await db
        .select({ userId: mailSyncState.userId })
        .from(mailSyncState)
        .where(
          or(isNull(mailSyncState.watchRenewedAt), lt(mailSyncState.watchRenewedAt, staleBefore)),
        )
      return rows.map((r) => r.userId)
    },

    /**
     * Runs `fn` holding a PostgreSQL advisory lock for the user's mail sync, so two syncs of
     * one user never overlap, across processes too. Returns null when another holds it.
     */
    async withSyncLock<T>(userId: string, fn: () => Promise<T>): Promise<{ value: T } | null> {
      // Session-level advisory locks belong to a connection: hold one client throughout.
      const client = await pool.connect()
      const key = `mail-sync:${userId}`
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        )
        if (!rows[0]?.locked) return null
        try {
          return { value: await fn() }
        } finally {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
        }
      } finally {
        client.release()
      }
    },
  }
}
