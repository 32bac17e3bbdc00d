import { z } from 'zod'
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

/*
 * What Inkwell reads of Stripe's objects, checked before anything is stored: a signed event
 * is Stripe's word, but not a promise of every field (decision 043). A field missing, null
 * where Stripe never sends null, or of another type makes the whole object unreadable, and
 * the event is acknowledged as not ours rather than half applied or answered with a 500.
 * Fields Inkwell does not read are ignored, whatever they hold.
 */
const StripeIdSchema = z.string().min(1).max(255)
/** Stripe sends an id, or the object itself when the field was expanded. */
const ExpandableSchema = z
  .union([StripeIdSchema, z.object({ id: StripeIdSchema })])
  .transform((value) => (typeof value === 'string' ? value : value.id))
/** A Unix time in seconds that a Date (and PostgreSQL) can hold: up to the year 9999. */
export const StripeSecondsSchema = z.number().int().min(0).max(253_402_300_799)
const MetadataSchema = z.record(z.string(), z.string()).nullish()
const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const

const SubscriptionSchema = z.object({
  id: StripeIdSchema,
  customer: ExpandableSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  cancellation_details: z.object({ reason: z.string().nullish() }).nullish(),
  metadata: MetadataSchema,
  // Its period lives on its items (API 2026-10-28).
  items: z.object({
    data: z.array(
      z.object({
        current_period_end: StripeSecondsSchema,
        price: z.object({ id: StripeIdSchema }),
      }),
    ),
  }),
})

const CheckoutSessionSchema = z.object({
  mode: z.string(),
  customer: ExpandableSchema.nullable(),
  subscription: ExpandableSchema.nullable(),
  client_reference_id: z.string().nullish(),
})

const InvoiceSchema = z.object({
  customer: ExpandableSchema.nullable(),
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: ExpandableSchema, metadata: MetadataSchema })
        .nullish(),
    })
    .nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: StripeSecondsSchema }) })) }),
})

/** The envelope every event has; `data.object` is read by the event's type. */
export const StripeEventSchema = z.object({
  id: StripeIdSchema,
  type: z.string().min(1).max(255),
  created: StripeSecondsSchema,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})
export type StripeEvent = z.infer<typeof StripeEventSchema>

/** An object Inkwell could not read: where, never what (the log gets the paths only). */
export class UnreadableStripeObject extends Error {
  constructor(readonly fields: string[]) {
    super(`unreadable Stripe object: ${fields.join(', ')}`)
    this.name = 'UnreadableStripeObject'
  }
}

function read<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new UnreadableStripeObject(
    parsed.error.issues.slice(0, 5).map((issue) => issue.path.join('.') || '(object)'),
  )
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000)

/** The user id a checkout put in the metadata, as Stripe gives it back (unchecked). */
const metadataUserId = (metadata: Record<string, string> | null | undefined) =>
  metadata?.userId ?? null

/**
 * Reads a subscription as Stripe's API or an event carries it; its period lives on its items.
 * Throws `UnreadableStripeObject` when a field Inkwell needs is missing or of another type.
 */
export function readSubscription(value: unknown): {
  snapshot: SubscriptionSnapshot
  metadataUserId: string | null
} {
  const subscription = read(SubscriptionSchema, value)
  const ends = subscription.items.data.map((item) => item.current_period_end)
  return {
    snapshot: {
      id: subscription.id,
      customerId: subscription.customer,
      status: subscription.status,
      priceId: subscription.items.data[0]?.price.id ?? null,
      currentPeriodEnd: ends.length ? fromSeconds(Math.max(...ends)) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      cancellationReason: subscription.cancellation_details?.reason ?? null,
    },
    metadataUserId: metadataUserId(subscription.metadata),
  }
}

/** What a completed checkout names: its customer, the subscription it started, Inkwell's user. */
export function readCheckoutSession(value: unknown) {
  const session = read(CheckoutSessionSchema, value)
  return {
    subscription: session.mode === 'subscription' ? session.subscription : null,
    customerId: session.customer,
    clientReferenceId: session.client_reference_id ?? null,
  }
}

/**
 * What an invoice says: its customer, the subscription it belongs to (null when it belongs to
 * none), and the end of the latest period it covers.
 */
export function readInvoice(value: unknown) {
  const invoice = read(InvoiceSchema, value)
  const details = invoice.parent?.subscription_details
  const ends = invoice.lines.data.map((line) => line.period.end)
  return {
    customerId: invoice.customer,
    subscriptionId: details?.subscription ?? null,
    metadataUserId: metadataUserId(details?.metadata),
    periodEnd: ends.length ? fromSeconds(Math.max(...ends)) : null,
  }
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
