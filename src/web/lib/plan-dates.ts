import type { PlanInfo } from '../../contract/billing'
import { formatDay } from './format-date'

/** 'Renews Dec 1, 2026' or 'Ends Dec 1, 2026' for Pro; null when there is no date. */
export function proPeriodText(plan: PlanInfo): string | null {
  if (plan.plan !== 'pro' || !plan.proExpiration) return null
  const date = formatDay(plan.proExpiration)
  return plan.proRenews ? `Renews ${date}` : `Ends ${date}`
}
