import { and, eq, isNull, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { stripeEvents, stripeSubscriptions, users, type UserRow } from '../../db/schema.js'
import type { PlanFields, SubscriptionSnapshot } from './subscription-state.js'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type SubscriptionRow = typeof stripeSubscriptions.$inferSelect

/** The queries one webhook event runs, inside the transaction that records it. */
function eventQueries(tx: Transaction) {
  return {
    /** The user a Stripe customer belongs to, locked until the event is applied. */
    async lockUserByCustomer(customerId: string): Promise<UserRow | null> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(users.stripeCustomerId, customerId))
        .for('update')
      return row ?? null
    },

    async lockUserById(userId: string): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
      return row ?? null
    },

    async findSubscription(id: string): Promise<SubscriptionRow | null> {
      const [row] = await tx
        .select()
        .from(stripeSubscriptions)
        .where(eq(stripeSubscriptions.id, id))
      return row ?? null
    },

    async saveSubscription(
      userId: string,
      snapshot: SubscriptionSnapshot,
      lastEventAt: Date,
    ): Promise<void> {
      const values = { ...snapshot, userId, lastEventAt, updatedAt: new Date() }
      await tx
        .insert(stripeSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: stripeSubscriptions.id, set: values })
    },

    async listSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return tx.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.userId, userId))
    },

    async setPlan(userId: string, plan: PlanFields): Promise<void> {
      await tx.update(users).set(plan).where(eq(users.id, userId))
    },
  }
}
export type EventQueries = ReturnType<typeof eventQueries>

export function createBillingRepository(db: Database) {
  return {
    /**
     * Runs `apply` once per event id: the id is stored in the same transaction as the change,
     * so a redelivered event finds it and changes nothing, and a failed one can be retried.
     * Answers false for an event already processed.
     */
    async processEventOnce(
      event: { id: string; type: string },
      apply: (queries: EventQueries) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const recorded = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id })
        if (!recorded.length) return false
        await apply(eventQueries(tx))
        return true
      })
    },

    /**
     * Stores the user's Stripe customer unless one is stored already (two checkouts started at
     * once); answers the customer id the user ends up with.
     */
    async claimCustomer(userId: string, customerId: string): Promise<string | null> {
      const [claimed] = await db
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
        .returning({ customerId: users.stripeCustomerId })
      if (claimed) return claimed.customerId
      const [row] = await db
        .select({ customerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId))
      return row?.customerId ?? null
    },

    /** Replaces a customer Stripe no longer knows. */
    async replaceCustomer(userId: string, customerId: string): Promise<void> {
      await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId))
    },

    /** The user's subscriptions that have not ended, to cancel before the account goes. */
    async listLiveSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(stripeSubscriptions)
        .where(
          and(
            eq(stripeSubscriptions.userId, userId),
            notInArray(stripeSubscriptions.status, ['canceled', 'incomplete_expired']),
          ),
        )
    },

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
