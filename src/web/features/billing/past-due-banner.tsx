import { AlertTriangle } from 'lucide-react'
import { usePlan } from '../../lib/queries/plan'
import { ManageBillingButton } from './manage-billing-button'

/** Across the app while a Pro renewal payment has failed and Stripe is retrying it. */
export function PastDueBanner() {
  const { data: plan } = usePlan()
  if (!plan?.paymentPastDue) return null
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-warning/60 bg-warning/15 px-4 py-2 text-sm"
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Your last payment failed.</span> Update your payment method to
        keep Pro.
      </p>
      <ManageBillingButton size="sm" variant="outline" />
    </div>
  )
}
