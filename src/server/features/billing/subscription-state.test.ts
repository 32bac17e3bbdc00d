import { describe, expect, it } from 'vitest'
import { planFromSubscriptions, type SubscriptionSnapshot } from './subscription-state.js'

const end = (day: number) => new Date(Date.UTC(2026, 11, day))
const subscription = (over: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  priceId: 'price_m',
  currentPeriodEnd: end(1),
  cancelAtPeriodEnd: false,
  cancellationReason: null,
  ...over,
})

describe('planFromSubscriptions', () => {
  it('is Free without a subscription', () => {
    expect(planFromSubscriptions([])).toMatchObject({ plan: 'free', proExpiration: null })
  })

  it('renews an active subscription, and not one set to cancel', () => {
    expect(planFromSubscriptions([subscription({})])).toEqual({
      plan: 'pro',
      proExpiration: end(1),
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      proRenews: true,
    })
    expect(planFromSubscriptions([subscription({ cancelAtPeriodEnd: true })])).toMatchObject({
      plan: 'pro',
      proRenews: false,
    })
  })

  it('honours a cancelled subscription’s paid period, unless it ended for failed payments', () => {
    expect(planFromSubscriptions([subscription({ status: 'canceled' })])).toMatchObject({
      plan: 'pro',
      proExpiration: end(1),
      proRenews: false,
    })
    const unpaid = subscription({ status: 'canceled', cancellationReason: 'payment_failed' })
    expect(planFromSubscriptions([unpaid]).plan).toBe('free')
    expect(planFromSubscriptions([subscription({ status: 'incomplete' })]).plan).toBe('free')
  })

  it('keeps a new subscription when the old one ends after it started', () => {
    const old = subscription({ id: 'sub_old', status: 'canceled', currentPeriodEnd: end(2) })
    const renewed = subscription({ id: 'sub_new', currentPeriodEnd: end(30) })
    expect(planFromSubscriptions([renewed, old])).toMatchObject({
      plan: 'pro',
      stripeSubscriptionId: 'sub_new',
      proExpiration: end(30),
      proRenews: true,
    })
  })
})
