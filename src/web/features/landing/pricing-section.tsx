import { Check } from 'lucide-react'
import type { Plans } from '../../../contract/billing'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { formatPrice, yearlySaving } from '../../lib/pricing'

function FeatureList({ items }: { items: readonly string[] | undefined }) {
  if (!items) {
    return (
      <div className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-4 w-40" />
        ))}
      </div>
    )
  }
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  )
}

/**
 * Free and Pro from the one plans source, prices and features (decisions 014 and 051); a
 * skeleton until the app's bundle has them.
 */
export function PricingSection({ plans }: { plans: Plans | null }) {
  const monthly = plans?.pro.monthly
  const yearly = plans?.pro.yearly
  const saving = plans && yearlySaving(plans.pro)
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 px-4 py-20 sm:px-6"
    >
      <div className="mx-auto max-w-4xl">
        <h2 id="pricing-title" className="text-center text-3xl font-semibold tracking-tight">
          Pricing
        </h2>
        <p className="mt-3 text-center text-muted-foreground">
          Start free. Upgrade when Inkwell writes more than you do.
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <Card className="flex flex-col">
            <CardHeader>
              <CardTitle asChild>
                <h3>Free</h3>
              </CardTitle>
              <p className="text-3xl font-semibold">
                $0<span className="text-base font-normal text-muted-foreground"> / month</span>
              </p>
              <CardDescription>
                {plans ? (
                  `${plans.free.aiEmailsPerMonth} AI-generated emails per month`
                ) : (
                  <Skeleton className="h-4 w-48" />
                )}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-6">
              <FeatureList items={plans?.free.features} />
              <Button asChild variant="outline" className="mt-auto">
                <a href="/login">Start for free</a>
              </Button>
            </CardContent>
          </Card>
          <Card className="flex flex-col border-primary shadow-md">
            <CardHeader>
              <CardTitle asChild>
                <h3>Pro</h3>
              </CardTitle>
              {monthly && yearly ? (
                <>
                  <p className="text-3xl font-semibold">
                    {formatPrice(monthly)}
                    <span className="text-base font-normal text-muted-foreground"> / month</span>
                  </p>
                  <CardDescription>
                    or {formatPrice(yearly)} / year
                    {saving && ` (save ${saving.percent}%)`}
                  </CardDescription>
                </>
              ) : (
                <>
                  <Skeleton className="h-9 w-32" />
                  <Skeleton className="h-4 w-48" />
                </>
              )}
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-6">
              <FeatureList items={plans?.pro.features} />
              <Button asChild className="mt-auto">
                <a href="/upgrade">Upgrade to Pro</a>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  )
}
