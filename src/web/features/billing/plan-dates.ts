import { format } from 'date-fns'
import type { PlanInfo } from '../../../contract/billing'

/** 'Renews Dec 1, 2026' or 'Ends Dec 1, 2026' for Pro; null when there is no date. */
export function proPeriodText(plan: PlanInfo): string | null {
  if (plan.plan !== 'pro' || !plan.proExpiration) return null
  const date = format(new Date(plan.proExpiration), 'MMM d, yyyy')
  return plan.proRenews ? `Renews ${date}` : `Ends ${date}`
}
