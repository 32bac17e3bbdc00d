import type { PlanInfo } from '../../../contract/billing.js'
import { FREE_AI_EMAILS_PER_MONTH } from '../../../contract/options.js'
import type { UserRow } from '../../db/schema.js'

type PlanFields = Pick<
  UserRow,
  'plan' | 'proExpiration' | 'aiEmailsUsedThisMonth' | 'lastUsageReset'
>

/** True while a Pro plan is paid for; a cancelled Pro keeps access until its period ends. */
export function isProActive(user: PlanFields, now: Date): boolean {
  return user.plan === 'pro' && (!user.proExpiration || user.proExpiration > now)
}

/** Usage counted since the start of the current calendar month (UTC); older usage is void. */
export function usageThisMonth(user: PlanFields, now: Date): number {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  return user.lastUsageReset.getTime() < monthStart ? 0 : user.aiEmailsUsedThisMonth
}

export function planInfo(user: PlanFields, now = new Date()): PlanInfo {
  const used = usageThisMonth(user, now)
  if (isProActive(user, now)) {
    return {
      plan: 'pro',
      aiEmailsUsed: used,
      aiEmailsLimit: null,
      canGenerateAI: true,
      proExpiration: user.proExpiration?.toISOString() ?? null,
    }
  }
  return {
    plan: 'free',
    aiEmailsUsed: used,
    aiEmailsLimit: FREE_AI_EMAILS_PER_MONTH,
    canGenerateAI: used < FREE_AI_EMAILS_PER_MONTH,
    proExpiration: null,
  }
}
