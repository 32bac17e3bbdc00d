import { describe, expect, it } from 'vitest'
import type { Plans } from '../../contract/billing'
import { formatAmount, yearlySaving } from './pricing'

const pro = (monthly: number, yearly: number): Plans['pro'] => ({
  monthly: { interval: 'monthly', priceId: 'price_m', amountMinor: monthly, currency: 'usd' },
  yearly: { interval: 'yearly', priceId: 'price_y', amountMinor: yearly, currency: 'usd' },
  features: [],
})

describe('formatAmount', () => {
  it('drops the cents of whole amounts and keeps the others', () => {
    expect(formatAmount(900, 'usd')).toBe('$9')
    expect(formatAmount(750, 'usd')).toBe('$7.50')
    expect(formatAmount(999, 'USD')).toBe('$9.99')
  })

  it('reads the minor unit of the currency', () => {
    expect(formatAmount(1200, 'jpy')).toBe('¥1,200')
    expect(formatAmount(4900, 'eur')).toBe('€49')
  })
})

describe('yearlySaving', () => {
  it('works out the default plans: $90 a year against $9 a month', () => {
    expect(yearlySaving(pro(900, 9000))).toEqual({
      amountMinor: 1800,
      percent: 17,
      monthsFree: 2,
      perMonthMinor: 750,
    })
  })

  it('follows other prices', () => {
    expect(yearlySaving(pro(999, 4900))).toMatchObject({ amountMinor: 7088, percent: 59 })
  })

  it('claims no saving when the yearly price saves nothing', () => {
    expect(yearlySaving(pro(900, 10800))).toBeNull()
    expect(yearlySaving(pro(900, 12000))).toBeNull()
  })
})
