import Stripe from 'stripe'
import type { FastifyBaseLogger } from 'fastify'
import type {
  BillingPortalSession,
  CheckoutSession,
  CheckoutSessionInput,
  PlanInfo,
  PlanPrices,
  Plans,
} from '../../../contract/billing.js'
import { withPlanFeatures } from '../../../contract/billing.js'
import type { UserRow } from '../../db/schema.js'
import { BadRequest, Conflict, UpstreamError } from '../../lib/errors.js'
import { isProActive, planInfo } from './plan.js'
import type { BillingRepository, EventQueries } from './repository.js'
import {
  planFromSubscriptions,
  readCheckoutSession,
  readInvoice,
  readSubscription,
  StripeEventSchema,
  UnreadableStripeObject,
  type StripeEvent,
  type SubscriptionSnapshot,
} from './subscription-state.js'

export type BillingServiceDeps = {
  repo: BillingRepository
  stripe: Stripe
  plans: PlanPrices
  webhookSecret: string
  /** Inkwell's public origin: checkout and the portal send the browser back there. */
  appUrl: string
  /**
   * Re-read each subscription from Stripe instead of trusting the event's copy (real Stripe).
   * The stand-in's events are the state itself; it keeps no invoices to re-read.
   */
  refetchSubscriptions: boolean
  log: FastifyBaseLogger
  /** The clock; tests set the date (a month's rollover). */
  now?: () => Date
}

/** The events that move a user between plans (decision 014). */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
])

/**
 * Why an event is acknowledged and ignored (decision 043): it is not about an Inkwell user,
 * or not readable as one. Stripe retries anything but a 2xx for days, and retrying changes
 * none of these, so they get a 200 and a warning in the log.
 */
class NotOurs extends Error {
  constructor(
    readonly reason: string,
    /** The fields that could not be read, when that is the reason (paths, never values). */
    readonly fields?: string[],
  ) {
    super(reason)
  }
}

/** What an event says about one subscription; a partial snapshot fills in the stored row. */
type SubscriptionChange = {
  subscriptionId: string
  customerId: string
  /** Inkwell's user id as the checkout recorded it, when the event carries it. */
  userId: string | null
  snapshot: Partial<SubscriptionSnapshot>
  /**
   * The event carries the whole subscription. An invoice read without Stripe says only paid
   * or past due: it changes a subscription Inkwell has, and starts none.
   */
  whole: boolean
}

const UNAVAILABLE = 'The payment provider could not be reached. Please try again.'

/** Stripe's "No such …" answer, optionally about one request parameter (`customer`). */
function isMissingResource(error: unknown, param?: string): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    error.code === 'resource_missing' &&
    (param === undefined || error.param === param)
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The user id Inkwell put in a checkout's metadata; anything else is not one of ours. */
const ourUserId = (value: string | null | undefined) => (value && UUID.test(value) ? value : null)

/** Plans, checkout, the billing portal and the webhook that moves users between plans. */
export function createBillingService(deps: BillingServiceDeps) {
  const { repo, stripe, plans, log } = deps

  /** Runs a Stripe call; a failure becomes a 502 the client can show, logged with its cause. */
  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      log.error({ err: error }, `Stripe: ${what} failed`)
      throw new UpstreamError(UNAVAILABLE, 'payment_provider_unavailable')
    }
  }

  async function createCustomer(user: UserRow): Promise<string> {
    const customer = await callStripe('creating a customer', () =>
      stripe.customers.create({
        email: user.email,
        name: user.name,
        metadata: { userId: user.id },
      }),
    )
    return customer.id
  }

  /** The user's one Stripe customer: created on the first checkout, then reused. */
  async function customerFor(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId
    const created = await createCustomer(user)
    const kept = await repo.claimCustomer(user.id, created)
    // Another checkout stored one first: keep that, and drop the spare.
    if (kept && kept !== created) {
      await stripe.customers.del(created).catch(() => {})
      return kept
    }
    return created
  }

  async function openCheckout(user: UserRow, customer: string, priceId: string) {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: priceId, quantity: 1 }],
      subscription_data: { metadata: { userId: user.id } },
      metadata: { userId: user.id },
      success_url: `${deps.appUrl}/upgrade?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.appUrl}/upgrade?checkout=cancelled`,
    })
  }

  /** The subscription as Stripe has it now; one Stripe does not know is not ours. */
  async function current(subscriptionId: string): Promise<SubscriptionSnapshot> {
    let subscription: Stripe.Subscription
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId, {})
    } catch (error) {
      if (isMissingResource(error)) throw new NotOurs('unknown subscription')
      throw error
    }
    return readSubscription(subscription).snapshot
  }

  /** What a handled event changes; throws `NotOurs` or `UnreadableStripeObject` otherwise. */
  async function subscriptionChange(event: StripeEvent): Promise<SubscriptionChange> {
    const object = event.data.object
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = readCheckoutSession(object)
        if (!session.subscription || !session.customerId) {
          throw new NotOurs('not a subscription checkout')
        }
        // The session does not carry the period: read the subscription it started.
        return {
          subscriptionId: session.subscription,
          customerId: session.customerId,
          userId: ourUserId(session.clientReferenceId),
          snapshot: await current(session.subscription),
          whole: true,
        }
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const { snapshot, metadataUserId } = readSubscription(object)
        return {
          subscriptionId: snapshot.id,
          customerId: snapshot.customerId,
          userId: ourUserId(metadataUserId),
          snapshot: deps.refetchSubscriptions ? await current(snapshot.id) : snapshot,
          whole: true,
        }
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = readInvoice(object)
        if (!invoice.subscriptionId || !invoice.customerId) {
          throw new NotOurs('not a subscription invoice')
        }
        let snapshot: Partial<SubscriptionSnapshot>
        if (deps.refetchSubscriptions) snapshot = await current(invoice.subscriptionId)
        else if (event.type === 'invoice.paid') {
          snapshot = { status: 'active', currentPeriodEnd: invoice.periodEnd }
        } else snapshot = { status: 'past_due' }
        return {
          subscriptionId: invoice.subscriptionId,
          customerId: invoice.customerId,
          userId: ourUserId(invoice.metadataUserId),
          snapshot,
          whole: deps.refetchSubscriptions,
        }
      }
      default:
        throw new NotOurs('not a handled type')
    }
  }

  /** Logs an event acknowledged and ignored: its id and type, never a person's data. */
  function ignore(event: { id?: unknown; type?: unknown }, notOurs: NotOurs) {
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null)
    log.warn(
      {
        eventId: text(event.id),
        eventType: text(event.type),
        reason: notOurs.reason,
        ...(notOurs.fields && { fields: notOurs.fields }),
      },
      'Stripe event not ours: acknowledged and ignored',
    )
  }

  /** Applies one change under the user's row lock; an older event than the last applied is void. */
  async function applyChange(q: EventQueries, change: SubscriptionChange, eventAt: Date) {
    const user =
      (await q.lockUserByCustomer(change.customerId)) ??
      (change.userId ? await q.lockUserById(change.userId) : null)
    if (!user) throw new NotOurs('unknown customer')
    const stored = await q.findSubscription(change.subscriptionId)
    if (stored && stored.userId !== user.id) throw new NotOurs("another user's subscription")
    if (!stored && !change.whole) throw new NotOurs('unknown subscription')
    if (stored && stored.lastEventAt > eventAt) return
    const snapshot: SubscriptionSnapshot = {
      priceId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      cancellationReason: null,
      status: 'incomplete',
      ...(stored && {
        status: stored.status,
        priceId: stored.priceId,
        currentPeriodEnd: stored.currentPeriodEnd,
        cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
        cancellationReason: stored.cancellationReason,
      }),
      ...change.snapshot,
      id: change.subscriptionId,
      customerId: change.customerId,
    }
    await q.saveSubscription(user.id, snapshot, eventAt)
    await q.setPlan(user.id, planFromSubscriptions(await q.listSubscriptions(user.id)))
  }

  return {
    plans: (): Plans => withPlanFeatures(plans),

    planFor: (user: UserRow): PlanInfo =>
      planInfo(user, plans.free.aiEmailsPerMonth, deps.now?.() ?? new Date()),

    /** Starts Stripe Checkout for one of the configured Pro prices; never for an amount. */
    async createCheckoutSession(
      user: UserRow,
      input: CheckoutSessionInput,
    ): Promise<CheckoutSession> {
      const price = plans.pro[input.planType]
      if (input.priceId !== price.priceId) {
        throw new BadRequest(`priceId: not Inkwell's ${input.planType} Pro price`, 'unknown_price')
      }
      if (isProActive(user, new Date())) {
        throw new Conflict('You already have Pro. Manage it from Settings.', 'already_pro')
      }
      let customer = await customerFor(user)
      let session: Stripe.Checkout.Session
      try {
        session = await openCheckout(user, customer, price.priceId)
      } catch (error) {
        if (!isMissingResource(error, 'customer')) {
          log.error({ err: error }, 'Stripe: opening checkout failed')
          throw new UpstreamError(UNAVAILABLE, 'payment_provider_unavailable')
        }
        // Stripe no longer knows the stored customer (deleted, or a restarted stand-in).
        customer = await createCustomer(user)
        await repo.replaceCustomer(user.id, customer)
        session = await callStripe('opening checkout', () =>
          openCheckout(user, customer, price.priceId),
        )
      }
      if (!session.url) throw new UpstreamError(UNAVAILABLE, 'payment_provider_unavailable')
      return { sessionId: session.id, url: session.url }
    },

    /** Stripe's Billing Portal (the stand-in's portal page in demo mode). */
    async createPortalSession(user: UserRow): Promise<BillingPortalSession> {
      if (!user.stripeCustomerId) {
        throw new Conflict('There is no billing account to manage yet.', 'no_billing_account')
      }
      const customer = user.stripeCustomerId
      const session = await callStripe('opening the billing portal', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${deps.appUrl}/settings` }),
      )
      return { url: session.url }
    },

    /**
     * Verifies and applies one webhook delivery. Only a bad signature is a 400. An event already
     * processed, or not ours (decision 043: unreadable, or about no Inkwell user or
     * subscription), changes nothing and is acknowledged, so Stripe does not retry it for days.
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ duplicate: boolean; ignored?: true }> {
      if (!signature) throw new BadRequest('Missing Stripe-Signature header', 'bad_signature')
      try {
        stripe.webhooks.signature!.verifyHeader(rawBody, signature, deps.webhookSecret)
      } catch {
        throw new BadRequest('The Stripe-Signature does not verify', 'bad_signature')
      }
      let body: unknown = null
      try {
        body = JSON.parse(rawBody.toString('utf8'))
      } catch {
        // Signed, but not JSON: read below as the unreadable event it is.
      }
      const envelope = StripeEventSchema.safeParse(body)
      if (!envelope.success) {
        const seen = typeof body === 'object' && body !== null ? body : {}
        const fields = envelope.error.issues.slice(0, 5).map((i) => i.path.join('.') || '(event)')
        ignore(seen, new NotOurs('unreadable event', fields))
        return { duplicate: false, ignored: true }
      }
      const event = envelope.data
      if (!HANDLED_EVENTS.has(event.type)) return { duplicate: false }
      try {
        // Stripe is read before the transaction opens, so no row lock waits on the network.
        const change = await subscriptionChange(event)
        const eventAt = new Date(event.created * 1000)
        const processed = await repo.processEventOnce(event, (q) => applyChange(q, change, eventAt))
        return { duplicate: !processed }
      } catch (error) {
        if (error instanceof UnreadableStripeObject) {
          ignore(event, new NotOurs('unreadable object', error.fields))
        } else if (error instanceof NotOurs) ignore(event, error)
        else throw error
        return { duplicate: false, ignored: true }
      }
    },

    /** Ends the user's subscriptions at once, before their account is deleted (decision 035). */
    async cancelSubscriptions(user: UserRow): Promise<void> {
      for (const subscription of await repo.listLiveSubscriptions(user.id)) {
        try {
          await stripe.subscriptions.cancel(subscription.id)
        } catch (error) {
          if (isMissingResource(error)) continue
          log.error({ err: error }, 'Stripe: cancelling a subscription failed')
          throw new UpstreamError(
            'Your subscription could not be cancelled, so your account was not deleted. Please try again.',
            'payment_provider_unavailable',
          )
        }
      }
    },
  }
}

export type BillingService = ReturnType<typeof createBillingService>
