import Stripe from 'stripe'
import type { FastifyBaseLogger } from 'fastify'
import type {
  BillingPortalSession,
  CheckoutSession,
  CheckoutSessionInput,
  PlanInfo,
  Plans,
} from '../../../contract/billing.js'
import type { UserRow } from '../../db/schema.js'
import { BadRequest, Conflict, UpstreamError } from '../../lib/errors.js'
import { isProActive, planInfo } from './plan.js'
import type { BillingRepository, EventQueries } from './repository.js'
import {
  invoicePeriodEnd,
  invoiceSubscriptionId,
  planFromSubscriptions,
  snapshotOf,
  type SubscriptionSnapshot,
} from './subscription-state.js'

export type BillingServiceDeps = {
  repo: BillingRepository
  stripe: Stripe
  plans: Plans
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

/** What an event says about one subscription; a partial snapshot fills in the stored row. */
type SubscriptionChange = {
  subscriptionId: string
  customerId: string
  /** Inkwell's user id as the checkout recorded it, when the event carries it. */
  userId: string | null
  snapshot: Partial<SubscriptionSnapshot>
}

const UNAVAILABLE = 'The payment provider could not be reached. Please try again.'

const customerIdOf = (customer: string | { id: string } | null) =>
  customer === null ? null : typeof customer === 'string' ? customer : customer.id

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

  async function subscriptionChange(event: Stripe.Event): Promise<SubscriptionChange | null> {
    const current = async (id: string) => snapshotOf(await stripe.subscriptions.retrieve(id, {}))
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object
        const customerId = customerIdOf(session.customer)
        if (session.mode !== 'subscription' || !session.subscription || !customerId) return null
        // The session does not carry the period: read the subscription it started.
        const subscriptionId = customerIdOf(session.subscription)!
        return {
          subscriptionId,
          customerId,
          userId: ourUserId(session.client_reference_id),
          snapshot: await current(subscriptionId),
        }
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object
        return {
          subscriptionId: subscription.id,
          customerId: customerIdOf(subscription.customer)!,
          userId: ourUserId(subscription.metadata?.userId),
          snapshot: deps.refetchSubscriptions
            ? await current(subscription.id)
            : snapshotOf(subscription),
        }
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object
        const subscriptionId = invoiceSubscriptionId(invoice)
        const customerId = customerIdOf(invoice.customer)
        if (!subscriptionId || !customerId) return null
        let snapshot: Partial<SubscriptionSnapshot>
        if (deps.refetchSubscriptions) snapshot = await current(subscriptionId)
        else if (event.type === 'invoice.paid') {
          snapshot = { status: 'active', currentPeriodEnd: invoicePeriodEnd(invoice) }
        } else snapshot = { status: 'past_due' }
        return {
          subscriptionId,
          customerId,
          userId: ourUserId(invoice.parent?.subscription_details?.metadata?.userId),
          snapshot,
        }
      }
      default:
        return null
    }
  }

  /** Applies one change under the user's row lock; an older event than the last applied is void. */
  async function applyChange(q: EventQueries, change: SubscriptionChange, eventAt: Date) {
    const user =
      (await q.lockUserByCustomer(change.customerId)) ??
      (change.userId ? await q.lockUserById(change.userId) : null)
    if (!user) {
      log.warn({ customerId: change.customerId }, 'Stripe event for an unknown customer ignored')
      return
    }
    const stored = await q.findSubscription(change.subscriptionId)
    if (stored && stored.userId !== user.id) {
      log.warn({ subscriptionId: change.subscriptionId }, 'Stripe event for another user ignored')
      return
    }
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
    plans: (): Plans => plans,

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
     * Verifies and applies one webhook delivery. A bad signature is a 400; an event already
     * processed, or one that does not concern a subscription, changes nothing.
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ duplicate: boolean }> {
      if (!signature) throw new BadRequest('Missing Stripe-Signature header', 'bad_signature')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret)
      } catch {
        throw new BadRequest('The Stripe-Signature does not verify', 'bad_signature')
      }
      if (!HANDLED_EVENTS.has(event.type)) return { duplicate: false }
      // Stripe is read before the transaction opens, so no row lock waits on the network.
      const change = await subscriptionChange(event)
      const eventAt = new Date(event.created * 1000)
      const processed = await repo.processEventOnce(event, async (q) => {
        if (change) await applyChange(q, change, eventAt)
      })
      return { duplicate: !processed }
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
