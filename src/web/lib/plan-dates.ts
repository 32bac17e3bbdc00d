import type { PlanInfo } from '../../contract/billing'
import { formatDay } from './format-date'

/**
 * 'Renews Dec 1, 2026' or 'Ends Dec 1, 2026' for Pro; null when there is no date. After a
 * failed renewal payment it says that instead: nothing renews until the card is fixed.
 */
export function proPeriodText(plan: PlanInfo): string | null {
  if (plan.plan !== 'pro') return null
  if (plan.paymentPastDue) return 'Payment failed: update your payment method to keep Pro'
  if (!plan.proExpiration) return null
  const date = formatDay(plan.proExpiration)
  return plan.proRenews ? `Renews ${date}` : `Ends ${date}`
}
