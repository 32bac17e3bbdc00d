import { Check } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Spinner } from '../../components/ui/spinner'
import { usePlan } from '../../lib/queries/plan'
import { usePlans } from './api/get-plans'
import { PriceOptions } from './price-options'
import { formatAmount, formatPrice } from '../../lib/pricing'
import { ProStatus } from './pro-status'
import { useCheckoutReturn } from './use-checkout-return'

function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {feature}
        </li>
      ))}
    </ul>
  )
}

/**
 * Free and Pro side by side, from the plans source: prices and features (decisions 014, 051).
 * Each plan's name is a heading one level under the page's, as "Choose how to pay" is.
 */
function PlanComparison() {
  const { data: plans } = usePlans()
  if (!plans) return null
  const { monthly } = plans.pro
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card role="group" aria-labelledby="plan-free">
        <CardHeader>
          <CardTitle asChild id="plan-free">
            <h2>Free</h2>
          </CardTitle>
          <CardDescription>
            <span className="text-2xl font-semibold text-foreground">
              {formatAmount(0, monthly.currency)}
            </span>{' '}
            / month
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FeatureList
            features={[
              `${plans.free.aiEmailsPerMonth} AI-generated emails per month`,
              ...plans.free.features,
            ]}
          />
        </CardContent>
      </Card>
      <Card role="group" aria-labelledby="plan-pro" className="border-primary">
        <CardHeader>
          <CardTitle asChild id="plan-pro">
            <h2>Pro</h2>
          </CardTitle>
          <CardDescription>
            From{' '}
            <span className="text-2xl font-semibold text-foreground">{formatPrice(monthly)}</span> /
            month
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FeatureList features={plans.pro.features} />
        </CardContent>
      </Card>
    </div>
  )
}

/** Shared by Upgrade and Subscribe: Pro status for Pro users, otherwise the way to pay. */
export function PlanChoice({ compare }: { compare: boolean }) {
  const { data: plan, isLoading } = usePlan()
  const { confirming, slow } = useCheckoutReturn()

  if (isLoading || !plan) return <Spinner label="Loading your plan..." />
  if (plan.plan === 'pro') return <ProStatus plan={plan} />
  if (confirming) {
    return (
      <div role="status" className="space-y-2 rounded-lg border border-border bg-card p-6">
        <p className="flex items-center gap-2 font-medium">
          <Spinner size="sm" label="Confirming" /> Payment received. Activating Pro…
        </p>
        {slow && (
          <p className="text-sm text-muted-foreground">
            Confirming your payment is taking longer than usual. Pro will appear here as soon as it
            is confirmed; you will not be charged twice.
          </p>
        )}
      </div>
    )
  }
  return (
    <div className="space-y-8">
      {compare && <PlanComparison />}
      <section aria-labelledby="choose-billing" className="space-y-4">
        <h2 id="choose-billing" className="text-lg font-semibold">
          Choose how to pay for Pro
        </h2>
        <PriceOptions />
      </section>
    </div>
  )
}

/** /upgrade: the plan comparison and checkout, inside the app shell. */
export function UpgradeScreen() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Upgrade to Pro</h1>
        <p className="text-sm text-muted-foreground">
          Unlimited AI emails written the way each contact likes to read them.
        </p>
      </header>
      <PlanChoice compare />
    </div>
  )
}
