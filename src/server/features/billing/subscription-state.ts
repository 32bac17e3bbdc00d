import type Stripe from 'stripe'
import type { UserRow } from '../../db/schema.js'

/** What Inkwell keeps of a Stripe subscription (a row of `stripe_subscriptions`). */
export type SubscriptionSnapshot = {
  id: string
  customerId: string
  status: string
  priceId: string | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  cancellationReason: string | null
}

/** Statuses in which the customer has paid, or Stripe is still retrying the payment. */
const PAYING_STATUSES = new Set(['active', 'trialing', 'past_due'])

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id)
const fromSeconds = (seconds: number) => new Date(seconds * 1000)

/** Reads a subscription as Stripe's API answers it; its period lives on its items. */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const ends = subscription.items.data.map((item) => item.current_period_end)
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    priceId: subscription.items.data[0]?.price.id ?? null,
    currentPeriodEnd: ends.length ? fromSeconds(Math.max(...ends)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
  }
}

/** The subscription an invoice belongs to, when it belongs to one. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription
  return subscription ? idOf(subscription) : null
}

/** The end of the latest period an invoice covers. */
export function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends = invoice.lines.data.map((line) => line.period.end)
  return ends.length ? fromSeconds(Math.max(...ends)) : null
}

/**
 * Until when a subscription grants Pro. A paid period is honoured to its end, also once the
 * subscription is cancelled (the terms give no refunds for partial months, so no partial
 * loss either) — except when Stripe ended it because the payments failed.
 */
export function entitledUntil(
  subscription: Pick<SubscriptionSnapshot, 'status' | 'currentPeriodEnd' | 'cancellationReason'>,
): Date | null {
  const { status, currentPeriodEnd, cancellationReason } = subscription
  if (!currentPeriodEnd) return null
  if (PAYING_STATUSES.has(status)) return currentPeriodEnd
  if (status === 'canceled' && cancellationReason !== 'payment_failed') return currentPeriodEnd
  return null
}

export type PlanFields = Pick<
  UserRow,
  'plan' | 'proExpiration' | 'stripeSubscriptionId' | 'subscriptionStatus' | 'proRenews'
>

/**
 * The user's plan from all their subscriptions: the one that grants Pro the longest decides.
 * A past end date still reads as Free (planInfo compares it with the clock).
 */
export function planFromSubscriptions(subscriptions: SubscriptionSnapshot[]): PlanFields {
  let best: { subscription: SubscriptionSnapshot; until: Date } | null = null
  for (const subscription of subscriptions) {
    const until = entitledUntil(subscription)
    if (until && (!best || until > best.until)) best = { subscription, until }
  }
  if (!best) {
    return {
      plan: 'free',
      proExpiration: null,
      stripeSubscriptionId: null,
      subscriptionStatus: null,
      proRenews: false,
    }
  }
  const { subscription, until } = best
  return {
    plan: 'pro',
    proExpiration: until,
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    proRenews: PAYING_STATUSES.has(subscription.status) && !subscription.cancelAtPeriodEnd,
  }
}
