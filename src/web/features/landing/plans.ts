import type { Plans } from '../../../contract/billing'

/** "$9", "$90", "€9.50": whole amounts without cents. */
export function formatPrice(amountMinor: number, currency: string): string {
  const amount = amountMinor / 100
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount)
}

/** What a year costs less than twelve months, in whole percent (17 for $9 vs $90). */
export function yearlySavingPercent(plans: Plans): number {
  const twelveMonths = plans.pro.monthly.amountMinor * 12
  if (twelveMonths <= 0) return 0
  return Math.round((1 - plans.pro.yearly.amountMinor / twelveMonths) * 100)
}

/** Plans the server answers; a non-OK answer or an odd shape leaves what the page has. */
export async function fetchPlans(signal?: AbortSignal): Promise<Plans | null> {
  const response = await fetch('/api/plans', { credentials: 'include', signal })
  if (!response.ok) return null
  // Checked by hand: zod stays out of the public pages' bundle (decision 001).
  const body = (await response.json()) as Partial<Plans>
  const ok =
    typeof body.free?.aiEmailsPerMonth === 'number' &&
    typeof body.pro?.monthly?.amountMinor === 'number' &&
    typeof body.pro?.yearly?.amountMinor === 'number'
  return ok ? (body as Plans) : null
}
