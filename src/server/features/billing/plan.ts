import type { PlanInfo } from '../../../contract/billing.js'
import type { UserRow } from '../../db/schema.js'

type PlanFields = Pick<
  UserRow,
  | 'plan'
  | 'proExpiration'
  | 'aiEmailsUsedThisMonth'
  | 'lastUsageReset'
  | 'subscriptionStatus'
  | 'proRenews'
  | 'stripeCustomerId'
>

/** True while a Pro plan is paid for; a cancelled Pro keeps access until its period ends. */
export function isProActive(user: Pick<PlanFields, 'plan' | 'proExpiration'>, now: Date): boolean {
  return user.plan === 'pro' && (!user.proExpiration || user.proExpiration > now)
}

/** The start of the usage period `now` falls in: the 1st of its month, 00:00 UTC (decision 012). */
export function usagePeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/** Usage counted since the start of the current calendar month (UTC); older usage is void. */
export function usageThisMonth(user: PlanFields, now: Date): number {
  return user.lastUsageReset < usagePeriodStart(now) ? 0 : user.aiEmailsUsedThisMonth
}

/** GET /api/user/plan; `freeLimit` is the configured Free allowance (decision 014). */
export function planInfo(user: PlanFields, freeLimit: number, now = new Date()): PlanInfo {
  const used = usageThisMonth(user, now)
  const canManageBilling = user.stripeCustomerId !== null
  if (isProActive(user, now)) {
    return {
      plan: 'pro',
      aiEmailsUsed: used,
      aiEmailsLimit: null,
      canGenerateAI: true,
      proExpiration: user.proExpiration?.toISOString() ?? null,
      proRenews: user.proRenews,
      paymentPastDue: user.subscriptionStatus === 'past_due',
      canManageBilling,
    }
  }
  return {
    plan: 'free',
    aiEmailsUsed: used,
    aiEmailsLimit: freeLimit,
    canGenerateAI: used < freeLimit,
    proExpiration: null,
    proRenews: false,
    paymentPastDue: false,
    canManageBilling,
  }
}
