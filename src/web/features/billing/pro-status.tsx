import { Crown } from 'lucide-react'
import type { PlanInfo } from '../../../contract/billing'
import { ManageBillingButton } from './manage-billing-button'
import { proPeriodText } from '../../lib/plan-dates'

/** What Upgrade and Subscribe show a Pro user instead of prices. */
export function ProStatus({ plan }: { plan: PlanInfo }) {
  const period = proPeriodText(plan)
  return (
    <section
      aria-labelledby="pro-status-title"
      className="space-y-3 rounded-lg border border-border bg-card p-6"
    >
      <h2 id="pro-status-title" className="flex items-center gap-2 text-lg font-semibold">
        <Crown aria-hidden="true" className="size-5 text-warning" /> You're on Pro
      </h2>
      <p className="text-sm text-muted-foreground">
        Unlimited AI emails{period ? `. ${period}.` : '.'}
        {!plan.proRenews && ' Your access lasts until then; you will not be charged again.'}
      </p>
      {plan.canManageBilling && <ManageBillingButton variant="outline" />}
    </section>
  )
}
