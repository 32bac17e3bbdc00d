import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'

/**
 * Credits live on the user row. Each statement below is one atomic UPDATE: PostgreSQL
 * re-checks its WHERE on the locked row, so concurrent generations never overspend.
 */
export function createBillingRepository(db: Database) {
  return {
    /**
     * Takes one AI credit for the period starting `periodStart`, or returns null when the
     * Free allowance is spent. Usage from an earlier period is void, so the first credit of
     * a new month starts the count again at 1 (the reset needs no cron job). Pro always passes.
     */
    async reserveCredit(
      userId: string,
      now: Date,
      periodStart: Date,
      freeLimit: number,
    ): Promise<{ used: number } | null> {
      const start = periodStart.toISOString()
      const at = now.toISOString()
      const { rows } = await db.execute<{ used: number }>(sql`
        update users set
          ai_emails_used_this_month = case when last_usage_reset < ${start}::timestamptz
            then 1 else ai_emails_used_this_month + 1 end,
          last_usage_reset = case when last_usage_reset < ${start}::timestamptz
            then ${at}::timestamptz else last_usage_reset end
        where id = ${userId} and (
          (plan = 'pro' and (pro_expiration is null or pro_expiration > ${at}::timestamptz))
          or last_usage_reset < ${start}::timestamptz
          or ai_emails_used_this_month < ${freeLimit})
        returning ai_emails_used_this_month as used`)
      return rows[0] ?? null
    },

    /** Gives back a credit taken in the period starting `periodStart`; a past period's is void. */
    async refundCredit(userId: string, periodStart: Date): Promise<void> {
      await db.execute(sql`
        update users set ai_emails_used_this_month = greatest(ai_emails_used_this_month - 1, 0)
        where id = ${userId} and last_usage_reset >= ${periodStart.toISOString()}::timestamptz`)
    },
  }
}

export type BillingRepository = ReturnType<typeof createBillingRepository>
