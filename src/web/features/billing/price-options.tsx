import { Check } from 'lucide-react'
import type { ProPrice } from '../../../contract/billing'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Spinner } from '../../components/ui/spinner'
import { useCreateCheckoutSession } from './api/create-checkout-session'
import { usePlans } from './api/get-plans'
import { showPaymentError } from './payment-error'
import { formatAmount, formatPrice, yearlySaving } from '../../lib/pricing'

/**
 * Pro monthly or yearly, each starting checkout: prices and the yearly
 * saving come from the plans source (decision 014), never from this file.
 */
export function PriceOptions() {
  const plans = usePlans()
  const checkout = useCreateCheckoutSession()

  if (plans.isLoading) {
    return (
      <div className="flex items-center justify-center gap-3 py-10 text-muted-foreground">
        <Spinner label="Loading prices..." />
        <span aria-hidden="true">Loading prices...</span>
      </div>
    )
  }
  if (!plans.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium">Failed to load prices</p>
        <Button variant="outline" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </div>
    )
  }

  const { monthly, yearly } = plans.data.pro
  const saving = yearlySaving(plans.data.pro)
  // The button stays busy once the browser is on its way to checkout.
  const choosing = checkout.isPending || checkout.isSuccess ? checkout.variables : undefined
  const choose = (price: ProPrice) => checkout.mutate(price, { onError: showPaymentError })

  const option = (price: ProPrice, title: string, unit: string, note: string) => (
    <Card role="group" className="flex flex-col" aria-labelledby={`price-${price.interval}`}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={`price-${price.interval}`}>{title}</CardTitle>
          {price.interval === 'yearly' && saving && (
            <Badge variant="success">
              Save {saving.percent}%
              {saving.monthsFree > 0 &&
                ` · ${saving.monthsFree} ${saving.monthsFree === 1 ? 'month' : 'months'} free`}
            </Badge>
          )}
        </div>
        <CardDescription>{note}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto space-y-4">
        <p>
          <span className="text-3xl font-semibold tracking-tight">{formatPrice(price)}</span>
          <span className="text-muted-foreground"> / {unit}</span>
        </p>
        <Button className="w-full" disabled={choosing !== undefined} onClick={() => choose(price)}>
          {choosing === price ? (
            <Spinner size="sm" label="Redirecting to checkout" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Choose {title}
        </Button>
      </CardContent>
    </Card>
  )

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {option(monthly, 'Monthly', 'month', 'Billed every month. Cancel any time.')}
      {option(
        yearly,
        'Yearly',
        'year',
        saving
          ? `${formatAmount(saving.perMonthMinor, yearly.currency)} a month, billed yearly. Saves ${formatAmount(saving.amountMinor, yearly.currency)} a year.`
          : 'Billed once a year.',
      )}
    </div>
  )
}
