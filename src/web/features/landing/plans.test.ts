import { describe, expect, it } from 'vitest'
import type { Plans } from '../../../contract/billing'
import { formatPrice, yearlySavingPercent } from './plans'

const plans = (monthly: number, yearly: number): Plans => ({
  free: { aiEmailsPerMonth: 20 },
  pro: {
    monthly: { interval: 'monthly', priceId: 'm', amountMinor: monthly, currency: 'usd' },
    yearly: { interval: 'yearly', priceId: 'y', amountMinor: yearly, currency: 'usd' },
  },
})

describe('formatPrice', () => {
  it('shows whole amounts without cents and others with them', () => {
    expect(formatPrice(900, 'usd')).toBe('$9')
    expect(formatPrice(9000, 'usd')).toBe('$90')
    expect(formatPrice(999, 'usd')).toBe('$9.99')
    expect(formatPrice(950, 'eur')).toBe('€9.50')
  })
})

describe('yearlySavingPercent', () => {
  it('is what a year saves over twelve months, rounded (D16: $9 vs $90 is 17%)', () => {
    expect(yearlySavingPercent(plans(900, 9000))).toBe(17)
    expect(yearlySavingPercent(plans(1000, 10_000))).toBe(17)
    expect(yearlySavingPercent(plans(1000, 12_000))).toBe(0)
  })

  it('is 0 when there is no monthly price to compare with', () => {
    expect(yearlySavingPercent(plans(0, 9000))).toBe(0)
  })
})
