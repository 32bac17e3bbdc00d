import type { Plans, ProPrice } from '../../contract/billing'

/** Digits of the currency's minor unit (2 for USD, 0 for JPY), as Stripe counts amounts. */
function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

/** `$9`, `$7.50`: whole amounts without cents. */
export function formatAmount(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase()
  const digits = minorDigits(code)
  const amount = amountMinor / 10 ** digits
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : digits,
  }).format(amount)
}

export const formatPrice = (price: ProPrice) => formatAmount(price.amountMinor, price.currency)

export type YearlySaving = {
  /** Twelve monthly payments minus the yearly price, in minor units. */
  amountMinor: number
  /** The saving against twelve monthly payments, rounded to a whole percent. */
  percent: number
  /** Whole months the saving pays for. */
  monthsFree: number
  /** The yearly price spread over twelve months, in minor units. */
  perMonthMinor: number
}

/** What paying yearly saves, worked out from the plans source; null when it saves nothing. */
export function yearlySaving(pro: Plans['pro']): YearlySaving | null {
  const twelveMonths = pro.monthly.amountMinor * 12
  const saved = twelveMonths - pro.yearly.amountMinor
  if (saved <= 0) return null
  return {
    amountMinor: saved,
    percent: Math.round((saved / twelveMonths) * 100),
    monthsFree: Math.floor(saved / pro.monthly.amountMinor),
    perMonthMinor: Math.round(pro.yearly.amountMinor / 12),
  }
}
