import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('plans and Stripe configuration', () => {
  it('defaults to the D16 plans on the local Stripe stand-in', () => {
    const config = loadConfig({})
    expect(config.stripe).toMatchObject({ mode: 'standin', port: 4412 })
    expect(config.plans).toEqual({
      free: { aiEmailsPerMonth: 20 },
      pro: {
        monthly: {
          interval: 'monthly',
          priceId: 'price_inkwell_pro_monthly',
          amountMinor: 900,
          currency: 'usd',
        },
        yearly: {
          interval: 'yearly',
          priceId: 'price_inkwell_pro_yearly',
          amountMinor: 9000,
          currency: 'usd',
        },
      },
    })
  })

  it('takes the allowance, the amounts and the currency from the environment', () => {
    const { plans } = loadConfig({
      FREE_AI_EMAILS_PER_MONTH: '5',
      PRO_MONTHLY_PRICE_CENTS: '999',
      PRO_YEARLY_PRICE_CENTS: '4900',
      PRICE_CURRENCY: 'EUR',
    })
    expect(plans.free.aiEmailsPerMonth).toBe(5)
    expect(plans.pro.monthly).toMatchObject({ amountMinor: 999, currency: 'eur' })
    expect(plans.pro.yearly).toMatchObject({ amountMinor: 4900, currency: 'eur' })
  })

  it('uses real Stripe with a secret key, and then needs the webhook secret and price ids', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required[\s\S]*STRIPE_PRICE_ID_MONTHLY: required[\s\S]*STRIPE_PRICE_ID_YEARLY: required/,
    )
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID_MONTHLY: 'price_m',
      STRIPE_PRICE_ID_YEARLY: 'price_y',
    })
    expect(config.stripe).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
    })
    expect(config.plans.pro.monthly.priceId).toBe('price_m')
    expect(config.plans.pro.yearly.priceId).toBe('price_y')
  })

  it('refuses amounts and currencies that cannot be prices', () => {
    expect(() => loadConfig({ PRO_MONTHLY_PRICE_CENTS: '0' })).toThrow(/PRO_MONTHLY_PRICE_CENTS/)
    expect(() => loadConfig({ PRICE_CURRENCY: 'dollars' })).toThrow(/PRICE_CURRENCY/)
  })
})
