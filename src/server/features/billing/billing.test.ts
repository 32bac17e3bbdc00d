import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PlanInfo } from '../../../contract/billing.js'
import { stripeEvents, stripeSubscriptions, users } from '../../db/schema.js'
import { fuzzSeed } from '../../test/fuzz-seed.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'
import { createBillingRepository } from './repository.js'
import { createBillingService } from './service.js'

/**
 * Each test that changes someone's billing has people of its own, so every test passes alone
 * (`-t`) and in any order: none relies on, or is broken by, what another test did to a user.
 * Ken is never changed; the tests that read him only read.
 */
const PEOPLE = [
  'ada',
  'grace',
  'alan',
  'edsger',
  'barbara',
  'donald',
  'frances',
  'ken',
  'margaret',
  'katherine',
  'hedy',
  'sophie',
  'claude',
  'linus',
  'radia',
  'mary',
  'john',
]

let h: Harness
const sessions: Record<string, string> = {}

beforeAll(async () => {
  h = await startHarness({
    users: PEOPLE.map((name) => ({ email: `${name}@example.com`, name })),
  })
  for (const name of PEOPLE) sessions[name] = (await signIn(h, `${name}@example.com`)).session!
})
afterAll(async () => h?.close())

const call: Harness['call'] = (...args) => h.call(...args)
const nowSeconds = () => Math.floor(Date.now() / 1000)
const DAY = 24 * 3600

async function userRow(name: string) {
  const [row] = await h.db
    .select()
    .from(users)
    .where(eq(users.email, `${name}@example.com`))
  return row!
}

async function plan(name: string): Promise<PlanInfo> {
  const response = await call(sessions[name], 'GET', '/api/user/plan')
  expect(response.statusCode).toBe(200)
  return response.json()
}

function checkout(name: string, interval: 'monthly' | 'yearly' = 'monthly') {
  return call(sessions[name], 'POST', '/api/create-checkout-session', {
    priceId: h.config.plans.pro[interval].priceId,
    planType: interval,
  })
}

/** Starts a checkout so the user gets their Stripe customer; answers its id. */
async function customerOf(name: string): Promise<string> {
  expect((await checkout(name)).statusCode).toBe(200)
  return (await userRow(name)).stripeCustomerId!
}

/** Pays on the stand-in's hosted checkout page, as the browser's form post does. */
async function pay(checkoutUrl: string): Promise<URL> {
  const page = await fetch(checkoutUrl)
  expect(await page.text()).toContain('Pay $9.00')
  const done = await fetch(`${checkoutUrl}/complete`, { method: 'POST', redirect: 'manual' })
  expect(done.status).toBe(302)
  return new URL(done.headers.get('location')!)
}

const eventId = () => `evt_test_${randomBytes(8).toString('hex')}`

function subscriptionObject(options: {
  id: string
  customer: string
  periodEnd: number
  status?: string
  cancelAtPeriodEnd?: boolean
  reason?: string | null
}) {
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancellation_details: { reason: options.reason ?? null },
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          current_period_start: options.periodEnd - 30 * DAY,
          current_period_end: options.periodEnd,
          price: { id: h.config.plans.pro.monthly.priceId, object: 'price' },
        },
      ],
    },
  }
}

function invoiceObject(subscription: string, customer: string, periodEnd: number) {
  return {
    id: `in_${randomBytes(6).toString('hex')}`,
    object: 'invoice',
    customer,
    parent: { type: 'subscription_details', subscription_details: { subscription } },
    lines: { object: 'list', data: [{ period: { start: periodEnd - 30 * DAY, end: periodEnd } }] },
  }
}

/** Posts a body signed as Stripe signs it (the SDK's own test-header helper), whatever it holds. */
function deliverRaw(payload: string) {
  const signature = h.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: h.config.stripe.webhookSecret,
  })
  return h.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
}

/** Posts an event signed as Stripe signs it (the SDK's own test-header helper). */
function deliver(
  type: string,
  object: object,
  options: { created?: number; id?: string; secret?: string; headers?: object } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? eventId(),
    object: 'event',
    created: options.created ?? nowSeconds(),
    type,
    data: { object },
  })
  const signature = h.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? h.config.stripe.webhookSecret,
  })
  return h.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature,
      ...options.headers,
    },
    payload,
  })
}

describe('plans', () => {
  it('serves the configured plans and prices to anyone', async () => {
    const response = await call(undefined, 'GET', '/api/plans')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      // Each plan's features come with it: the one list every sales screen shows (decision 051).
      free: { aiEmailsPerMonth: 20, features: expect.arrayContaining(['Basic email templates']) },
      pro: {
        features: expect.arrayContaining(['Custom templates', 'Priority support']),
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

  it('gives a new user the Free plan with the configured allowance', async () => {
    expect(await plan('ken')).toEqual({
      plan: 'free',
      aiEmailsUsed: 0,
      aiEmailsLimit: 20,
      canGenerateAI: true,
      proExpiration: null,
      proRenews: false,
      paymentPastDue: false,
      canManageBilling: false,
    })
  })
})

describe('checkout', () => {
  it('refuses a price that is not in the plans source, and changes nothing', async () => {
    for (const body of [
      { priceId: 'price_cheap', planType: 'monthly' },
      { priceId: h.config.plans.pro.yearly.priceId, planType: 'monthly' },
    ]) {
      const response = await call(sessions.ken, 'POST', '/api/create-checkout-session', body)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('unknown_price')
      expect(response.json().error.message).toContain('priceId')
    }
    const invalid = await call(sessions.ken, 'POST', '/api/create-checkout-session', {
      priceId: h.config.plans.pro.monthly.priceId,
      planType: 'weekly',
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.message).toContain('planType')
    expect((await userRow('ken')).stripeCustomerId).toBeNull()
    expect((await plan('ken')).plan).toBe('free')
  })

  it('needs a session and a same-origin request', async () => {
    const body = { priceId: h.config.plans.pro.monthly.priceId, planType: 'monthly' }
    expect((await call(undefined, 'POST', '/api/create-checkout-session', body)).statusCode).toBe(
      401,
    )
    const crossSite = await h.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { origin: 'https://evil.example' },
      cookies: { inkwell_session: sessions.ken! },
      payload: body,
    })
    expect(crossSite.statusCode).toBe(403)
  })

  it('gives each user one Stripe customer, reused by every checkout', async () => {
    const first = (await checkout('linus')).json()
    const second = (await checkout('linus', 'yearly')).json()
    const customer = (await userRow('linus')).stripeCustomerId
    expect(customer).toMatch(/^cus_/)
    for (const { sessionId } of [first, second]) {
      expect((await h.stripe.checkout.sessions.retrieve(sessionId)).customer).toBe(customer)
    }
    expect(customer).not.toBe(await customerOf('radia'))
  })

  it('makes the user Pro once they pay, before the browser is even back', async () => {
    const response = await checkout('ada')
    expect(response.statusCode).toBe(200)
    const { sessionId, url } = response.json()
    expect(url).toContain(`/checkout/${sessionId}`)
    expect((await plan('ada')).plan).toBe('free')

    const back = await pay(url)
    // The stand-in delivers the webhooks before it redirects, as Stripe usually does.
    expect(`${back.origin}${back.pathname}`).toBe(`${h.config.appUrl}/upgrade`)
    expect(back.searchParams.get('checkout')).toBe('success')
    expect(back.searchParams.get('session_id')).toBe(sessionId)
    const pro = await plan('ada')
    expect(pro).toMatchObject({
      plan: 'pro',
      aiEmailsLimit: null,
      canGenerateAI: true,
      proRenews: true,
      paymentPastDue: false,
      canManageBilling: true,
    })
    expect(new Date(pro.proExpiration!).getTime()).toBeGreaterThan(Date.now())

    // Already Pro: no second subscription.
    const again = await checkout('ada')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('already_pro')
  })

  it('lets the user cancel in the billing portal and keeps Pro until the period ends', async () => {
    await pay((await checkout('hedy')).json().url)
    expect((await plan('hedy')).plan).toBe('pro')
    const portal = await call(sessions.hedy, 'POST', '/api/billing-portal-session')
    expect(portal.statusCode).toBe(200)
    const portalUrl = new URL(portal.json().url)
    const page = await (await fetch(portalUrl)).text()
    expect(page).toContain(`href="${h.config.appUrl}/settings"`)
    const subscription = (await userRow('hedy')).stripeSubscriptionId!
    const act = (action: string) =>
      fetch(`${portalUrl}/${action}`, {
        method: 'POST',
        body: new URLSearchParams({ subscription }),
        redirect: 'manual',
      })

    expect((await act('cancel-at-period-end')).status).toBe(303)
    const ending = await plan('hedy')
    expect(ending).toMatchObject({ plan: 'pro', proRenews: false })

    await act('resume')
    expect(await plan('hedy')).toMatchObject({ plan: 'pro', proRenews: true })

    await act('fail-payment')
    expect(await plan('hedy')).toMatchObject({ plan: 'pro', paymentPastDue: true })
  })

  it('answers 409 for the portal before the user has a billing account', async () => {
    const response = await call(sessions.ken, 'POST', '/api/billing-portal-session')
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('no_billing_account')
  })
})

describe('the webhook', () => {
  it('refuses a missing or bad signature with 400 and changes nothing', async () => {
    const customer = await customerOf('grace')
    const active = subscriptionObject({
      id: 'sub_grace',
      customer,
      periodEnd: nowSeconds() + 30 * DAY,
    })
    const forged = await deliver('customer.subscription.created', active, {
      secret: 'whsec_forged',
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().error.code).toBe('bad_signature')

    const unsigned = await h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: eventId(), type: 'customer.subscription.created' }),
    })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json().error.code).toBe('bad_signature')

    // A signed body changed in transit no longer verifies.
    const payload = JSON.stringify({ id: eventId(), created: nowSeconds(), type: 'x', data: {} })
    const signature = h.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: h.config.stripe.webhookSecret,
    })
    const tampered = await h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('"x"', '"customer.subscription.created"'),
    })
    expect(tampered.statusCode).toBe(400)
    expect((await plan('grace')).plan).toBe('free')
  })

  it('is called by Stripe, not a page: the Origin check does not apply', async () => {
    const customer = await customerOf('sophie')
    const active = subscriptionObject({ id: 'sub_sophie', customer, periodEnd: nowSeconds() + DAY })
    const response = await deliver('customer.subscription.created', active, {
      headers: { origin: 'https://stripe.example' },
    })
    expect(response.statusCode).toBe(200)
    expect(await plan('sophie')).toMatchObject({ plan: 'pro', proRenews: true })
  })

  it('applies an event once, however often it is delivered', async () => {
    const customer = await customerOf('claude')
    const periodEnd = nowSeconds() + DAY
    const created = nowSeconds()
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_claude', customer, periodEnd }),
      { created: created - 60 },
    )
    expect(await plan('claude')).toMatchObject({ plan: 'pro', proRenews: true })
    const cancel = {
      id: eventId(),
      object: subscriptionObject({
        id: 'sub_claude',
        customer,
        periodEnd,
        cancelAtPeriodEnd: true,
      }),
    }
    const resume = subscriptionObject({ id: 'sub_claude', customer, periodEnd })

    const first = await deliver('customer.subscription.updated', cancel.object, {
      id: cancel.id,
      created,
    })
    expect(first.json()).toEqual({ received: true, duplicate: false })
    expect((await plan('claude')).proRenews).toBe(false)
    // A later change in the same second, then the first event again: it must not undo it.
    await deliver('customer.subscription.updated', resume, { created })
    expect((await plan('claude')).proRenews).toBe(true)
    const replay = await deliver('customer.subscription.updated', cancel.object, {
      id: cancel.id,
      created,
    })
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ received: true, duplicate: true })
    expect((await plan('claude')).proRenews).toBe(true)
  })

  it('converges when `updated` arrives before `created`', async () => {
    const customer = await customerOf('alan')
    const periodEnd = nowSeconds() + 30 * DAY
    const createdAt = nowSeconds() - 60
    const cancelled = subscriptionObject({
      id: 'sub_alan',
      customer,
      periodEnd,
      cancelAtPeriodEnd: true,
    })
    const fresh = subscriptionObject({ id: 'sub_alan', customer, periodEnd })

    await deliver('customer.subscription.updated', cancelled, { created: createdAt + 30 })
    await deliver('customer.subscription.created', fresh, { created: createdAt })
    expect(await plan('alan')).toMatchObject({ plan: 'pro', proRenews: false })
    expect((await plan('alan')).proExpiration).toBe(new Date(periodEnd * 1000).toISOString())
  })

  it('keeps Pro to the end of the paid period after `deleted`, then Free', async () => {
    const customer = await customerOf('edsger')
    const paidUntil = nowSeconds() + 10 * DAY
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_edsger', customer, periodEnd: paidUntil }),
      { created: nowSeconds() - 120 },
    )
    await deliver(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_edsger', customer, periodEnd: paidUntil, status: 'canceled' }),
      { created: nowSeconds() - 60 },
    )
    expect(await plan('edsger')).toMatchObject({
      plan: 'pro',
      proRenews: false,
      proExpiration: new Date(paidUntil * 1000).toISOString(),
    })

    // The same subscription as Stripe ends it at the period's end: the period is over.
    const ended = nowSeconds() - 1
    await deliver(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_edsger', customer, periodEnd: ended, status: 'canceled' }),
    )
    expect(await plan('edsger')).toMatchObject({ plan: 'free', aiEmailsLimit: 20 })
  })

  it('ends Pro at once when Stripe cancels for failed payments', async () => {
    const customer = await customerOf('donald')
    const periodEnd = nowSeconds() + 20 * DAY
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_donald', customer, periodEnd }),
      { created: nowSeconds() - 60 },
    )
    expect((await plan('donald')).plan).toBe('pro')
    await deliver(
      'customer.subscription.deleted',
      subscriptionObject({
        id: 'sub_donald',
        customer,
        periodEnd,
        status: 'canceled',
        reason: 'payment_failed',
      }),
    )
    expect((await plan('donald')).plan).toBe('free')
  })

  it('marks a failed renewal past due, and a paid invoice clears it', async () => {
    const customer = await customerOf('frances')
    const periodEnd = nowSeconds() + 30 * DAY
    const start = nowSeconds() - 120
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_frances', customer, periodEnd }),
      { created: start },
    )
    await deliver('invoice.payment_failed', invoiceObject('sub_frances', customer, periodEnd), {
      created: start + 60,
    })
    expect(await plan('frances')).toMatchObject({ plan: 'pro', paymentPastDue: true })

    // An older event arriving late changes nothing.
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({ id: 'sub_frances', customer, periodEnd }),
      { created: start + 30 },
    )
    expect((await plan('frances')).paymentPastDue).toBe(true)

    const nextEnd = periodEnd + 30 * DAY
    await deliver('invoice.paid', invoiceObject('sub_frances', customer, nextEnd), {
      created: start + 90,
    })
    expect(await plan('frances')).toMatchObject({
      plan: 'pro',
      paymentPastDue: false,
      proExpiration: new Date(nextEnd * 1000).toISOString(),
    })
  })

  it('acknowledges events it has nothing to do with', async () => {
    const strangers = await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_x', customer: 'cus_unknown', periodEnd: nowSeconds() + DAY }),
    )
    expect(strangers.statusCode).toBe(200)
    const foreignMetadata = await deliver('customer.subscription.created', {
      ...subscriptionObject({ id: 'sub_x', customer: 'cus_unknown', periodEnd: nowSeconds() }),
      metadata: { userId: 'not-one-of-ours' },
    })
    expect(foreignMetadata.statusCode).toBe(200)
    expect(
      await h.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, 'sub_x')),
    ).toEqual([])
    expect((await deliver('customer.created', { id: 'cus_new' })).statusCode).toBe(200)
  })
  it('acknowledges a subscription without a customer, and changes nothing (decision 043)', async () => {
    await customerOf('mary')
    const mary = await userRow('mary')
    const subscriptionsBefore = await h.db.select().from(stripeSubscriptions)
    // Names a real user in its metadata: before, it reached the insert and failed with a 500.
    const noCustomer = await deliver('customer.subscription.updated', {
      ...subscriptionObject({ id: 'sub_mary', customer: 'x', periodEnd: nowSeconds() + DAY }),
      customer: null,
      metadata: { userId: mary.id },
    })
    expect(noCustomer.statusCode).toBe(200)
    expect(noCustomer.json()).toEqual({ received: true, duplicate: false, ignored: true })
    // An invoice of a subscription Inkwell does not know, for a customer it does.
    const unknownSubscription = await deliver(
      'invoice.payment_failed',
      invoiceObject('sub_nobody_knows', mary.stripeCustomerId!, nowSeconds() + DAY),
    )
    expect(unknownSubscription.statusCode).toBe(200)
    // A checkout naming a subscription Stripe does not know (it is read back from Stripe).
    const unknownCheckout = await deliver('checkout.session.completed', {
      id: 'cs_unknown',
      object: 'checkout.session',
      mode: 'subscription',
      customer: mary.stripeCustomerId,
      subscription: 'sub_not_at_stripe',
      client_reference_id: mary.id,
    })
    expect(unknownCheckout.statusCode).toBe(200)
    expect(unknownCheckout.json().ignored).toBe(true)
    expect(await userRow('mary')).toEqual(mary)
    expect(await h.db.select().from(stripeSubscriptions)).toEqual(subscriptionsBefore)
  })

  it('logs an event that is not ours as a warning with its id and type, and nothing personal', async () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = []
    const record =
      (level: string) => (fields: Record<string, unknown> | string, message?: string) =>
        lines.push(
          typeof fields === 'string'
            ? { level, fields: {}, message: fields }
            : { level, fields, message: message ?? '' },
        )
    const log = {
      level: 'info',
      ...Object.fromEntries(
        ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((l) => [l, record(l)]),
      ),
      silent: () => {},
      child: () => log,
    } as unknown as FastifyBaseLogger
    await customerOf('john')
    const john = await userRow('john')
    const service = (refetchSubscriptions: boolean) =>
      createBillingService({
        repo: createBillingRepository(h.db),
        stripe: h.stripe,
        plans: h.config.plans,
        webhookSecret: h.config.stripe.webhookSecret,
        appUrl: h.config.appUrl,
        refetchSubscriptions,
        log,
      })
    const sign = (payload: string) =>
      h.stripe.webhooks.generateTestHeaderString({
        payload,
        secret: h.config.stripe.webhookSecret,
      })
    const event = {
      id: 'evt_not_ours',
      object: 'event',
      created: nowSeconds(),
      type: 'customer.subscription.updated',
      data: {
        object: {
          ...subscriptionObject({ id: 'sub_x', customer: 'x', periodEnd: nowSeconds() }),
          customer: null,
          metadata: { userId: john.id, email: john.email },
        },
      },
    }
    const payload = JSON.stringify(event)
    expect(await service(false).handleWebhook(Buffer.from(payload), sign(payload))).toEqual({
      duplicate: false,
      ignored: true,
    })
    // With real Stripe the subscription is read back: one Stripe does not know is not ours.
    const unknown = JSON.stringify({
      ...event,
      id: 'evt_unknown_subscription',
      data: {
        object: subscriptionObject({
          id: 'sub_gone',
          customer: john.stripeCustomerId!,
          periodEnd: nowSeconds(),
        }),
      },
    })
    expect(await service(true).handleWebhook(Buffer.from(unknown), sign(unknown))).toEqual({
      duplicate: false,
      ignored: true,
    })
    expect(lines.map(({ level, fields }) => ({ level, ...fields }))).toEqual([
      {
        level: 'warn',
        eventId: 'evt_not_ours',
        eventType: 'customer.subscription.updated',
        reason: 'unreadable object',
        fields: ['customer'],
      },
      {
        level: 'warn',
        eventId: 'evt_unknown_subscription',
        eventType: 'customer.subscription.updated',
        reason: 'unknown subscription',
      },
    ])
    const logged = JSON.stringify(lines)
    for (const personal of [john.id, john.email, john.stripeCustomerId!]) {
      expect(logged).not.toContain(personal)
    }
    // Neither was recorded as processed: nothing about them was applied.
    const recorded = await h.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, 'evt_not_ours'))
    expect(recorded).toEqual([])
  })
})

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Path = (string | number)[]

/** mulberry32: a small PRNG whose whole run follows from its seed. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FUZZ = fuzzSeed('WEBHOOK_FUZZ_SEED', 'webhook fuzz')
const FUZZ_EVENTS = 400

describe('the webhook, fuzzed with signed but malformed events (decision 043)', () => {
  const random = prng(FUZZ.seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const chance = (p: number) => random() < p
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('')
  const fakeUuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`

  /** Nested objects without an `id`: never readable as an expanded Stripe object. */
  function deepObject(depth: number): Json {
    return depth === 0 ? pick([1, 'deep', null, []]) : { deeper: deepObject(depth - 1), n: depth }
  }

  /** A value of another type than `value` (or out of its range): what Stripe never sends. */
  function wrongTyped(value: Json): Json {
    if (typeof value === 'number') {
      return pick([String(value), [value], { value }, deepObject(20), true, -value - 1, 1e20, 1.5])
    }
    if (typeof value === 'string') return pick([123, [value], { value }, deepObject(20), false, ''])
    if (typeof value === 'boolean') return pick([String(value), 1, [value], {}])
    if (Array.isArray(value)) return pick(['[]', 0, { 0: value[0] ?? null }, deepObject(5)])
    if (value && typeof value === 'object') return pick(['{}', 42, [value], true, deepObject(30)])
    return pick([0, 'null', [], {}])
  }

  /** Every path in `value`, parents before children. */
  function pathsOf(value: Json, prefix: Path = []): Path[] {
    if (!value || typeof value !== 'object') return []
    const entries: [string | number, Json][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value)
    return entries.flatMap(([key, child]) => [
      [...prefix, key],
      ...pathsOf(child, [...prefix, key]),
    ])
  }

  /**
   * Removes, nulls or retypes the value at `path`; false when the path is gone (an ancestor
   * was already broken). Array items are never removed, only broken: a shorter list of items
   * is still a readable subscription.
   */
  function corrupt(root: Json, path: Path): boolean {
    let parent: Json = root
    for (const key of path.slice(0, -1)) {
      if (!parent || typeof parent !== 'object') return false
      parent = (parent as Record<string | number, Json>)[key] ?? null
    }
    if (!parent || typeof parent !== 'object') return false
    const key = path.at(-1)!
    const container = parent as Record<string | number, Json>
    if (!(key in container)) return false
    const kind = pick(['remove', 'null', 'retype', 'retype'] as const)
    if (kind === 'remove' && !Array.isArray(parent)) delete container[key]
    else if (kind === 'null') container[key] = null
    else container[key] = wrongTyped(container[key]!)
    return true
  }

  const TYPES = [
    'checkout.session.completed',
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'invoice.paid',
    'invoice.payment_failed',
  ] as const
  const UNHANDLED = ['invoice.payment_succeeded', 'customer.created', 'charge.refunded']
  /** Fields without which each type is not ours: corrupting one must change nothing. */
  const REQUIRED: Record<string, Path[]> = {
    'checkout.session.completed': [['mode'], ['customer'], ['subscription']],
    subscription: [
      ['id'],
      ['customer'],
      ['status'],
      ['cancel_at_period_end'],
      ['items'],
      ['items', 'data'],
      ['items', 'data', 0, 'current_period_end'],
      ['items', 'data', 0, 'price'],
      ['items', 'data', 0, 'price', 'id'],
    ],
    invoice: [
      ['customer'],
      ['parent'],
      ['parent', 'subscription_details'],
      ['parent', 'subscription_details', 'subscription'],
      ['lines'],
      ['lines', 'data'],
      ['lines', 'data', 0, 'period', 'end'],
    ],
    envelope: [['id'], ['created'], ['data'], ['data', 'object']],
  }
  const familyOf = (type: string) =>
    type.startsWith('customer.subscription')
      ? 'subscription'
      : type.startsWith('invoice')
        ? 'invoice'
        : type

  function objectFor(
    type: string,
    ids: { customer: string; subscription: string; userId: string },
  ) {
    const periodEnd = nowSeconds() + Math.floor(random() * 60 * DAY)
    const family = familyOf(type)
    if (family === 'checkout.session.completed') {
      return {
        id: `cs_fuzz_${hex(10)}`,
        object: 'checkout.session',
        mode: 'subscription',
        customer: chance(0.2) ? { id: ids.customer, object: 'customer' } : ids.customer,
        subscription: ids.subscription,
        client_reference_id: ids.userId,
        metadata: { userId: ids.userId },
      }
    }
    if (family === 'invoice') {
      const invoice = invoiceObject(ids.subscription, ids.customer, periodEnd) as Record<
        string,
        Json
      >
      ;(
        invoice.parent as { subscription_details: Record<string, Json> }
      ).subscription_details.metadata = {
        userId: ids.userId,
      }
      return invoice
    }
    return {
      ...subscriptionObject({
        id: ids.subscription,
        customer: ids.customer,
        periodEnd,
        status: pick(['active', 'past_due', 'canceled', 'trialing']),
        cancelAtPeriodEnd: chance(0.5),
        reason: pick([null, 'payment_failed', 'cancellation_requested']),
      }),
      metadata: { userId: ids.userId },
    }
  }

  const snapshot = async () => ({
    users: await h.db.select().from(users).orderBy(asc(users.id)),
    subscriptions: await h.db
      .select()
      .from(stripeSubscriptions)
      .orderBy(asc(stripeSubscriptions.id)),
  })

  // The seed is printed, not put in the name, so `-t` finds the test whatever the seed.
  it(`never answers 5xx and changes no one (${FUZZ_EVENTS} events)`, async () => {
    FUZZ.announce()
    // Margaret is Pro by a real event; Katherine has a customer and no subscription.
    const margaret = await customerOf('margaret')
    await customerOf('katherine')
    const paidUntil = nowSeconds() + 30 * DAY
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_margaret', customer: margaret, periodEnd: paidUntil }),
      { created: nowSeconds() - 600 },
    )
    expect(await plan('margaret')).toMatchObject({ plan: 'pro', proRenews: true })

    const before = await snapshot()
    const known = {
      customers: before.users.flatMap((u) => (u.stripeCustomerId ? [u.stripeCustomerId] : [])),
      subscriptions: [...before.subscriptions.map((s) => s.id), 'sub_margaret'],
      userIds: before.users.map((u) => u.id),
    }
    const sentIds: string[] = []
    const deliveries: { payload: string; answer: Promise<{ statusCode: number; body: string }> }[] =
      []
    for (let i = 0; i < FUZZ_EVENTS; i++) {
      let payload: string
      if (chance(0.03)) {
        payload = pick(['', 'null', '[]', '42', '"evt"', '{"id":"evt_cut","type":', '\u0000'])
      } else {
        const type = chance(0.9) ? pick(TYPES) : pick(UNHANDLED)
        // About ours: a known customer, subscription and user, with a field Inkwell needs broken.
        const aboutUs = chance(0.5)
        const ids = aboutUs
          ? {
              customer: pick(known.customers),
              subscription: pick(known.subscriptions),
              userId: pick(known.userIds),
            }
          : {
              customer: `cus_fuzz_${hex(12)}`,
              subscription: chance(0.3) ? pick(known.subscriptions) : `sub_fuzz_${hex(12)}`,
              userId: chance(0.5) ? fakeUuid() : pick(['', 'not-a-uuid', 'x'.repeat(300)]),
            }
        const event: Json = {
          id: sentIds.length && chance(0.05) ? pick(sentIds) : `evt_fuzz_${hex(16)}`,
          object: 'event',
          created: nowSeconds() + Math.floor((random() - 0.5) * 7 * DAY),
          type,
          data: { object: objectFor(type, ids) as Json },
        }
        sentIds.push((event as { id: string }).id)
        // The required field is broken last, from its own value, and the other corruptions
        // keep off it: two retypes in a row can make a valid value again (an id retyped to
        // [id], then to the string '[]', is a subscription id any signed event may name).
        const required =
          aboutUs || chance(0.3)
            ? chance(0.15)
              ? pick(REQUIRED.envelope!)
              : ['data', 'object', ...pick(REQUIRED[familyOf(type)] ?? REQUIRED.envelope!)]
            : null
        const extra = Math.floor(random() * 4)
        for (let m = 0; m < extra; m++) {
          const path = pick(pathsOf(event))
          const onRequired = required?.every((key, i) => path[i] === key) ?? false
          if (!onRequired) corrupt(event, path)
        }
        if (required) corrupt(event, required)
        payload = JSON.stringify(event)
      }
      deliveries.push({ payload, answer: deliverRaw(payload) })
      // A few at once, as Stripe delivers them.
      if (deliveries.length % 8 === 0) await Promise.all(deliveries.map((d) => d.answer))
    }
    const answers = new Map<string, number>()
    for (const { payload, answer } of deliveries) {
      const { statusCode, body } = await answer
      expect(statusCode, `${FUZZ.replay}: ${body}\n${payload.slice(0, 2000)}`).toBe(200)
      answers.set(body, (answers.get(body) ?? 0) + 1)
    }
    console.log('webhook fuzz answers:', Object.fromEntries(answers))
    expect(await snapshot()).toEqual(before)

    // Still answers a valid event correctly: Margaret cancels, Katherine subscribes.
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({
        id: 'sub_margaret',
        customer: margaret,
        periodEnd: paidUntil,
        cancelAtPeriodEnd: true,
      }),
    )
    expect(await plan('margaret')).toMatchObject({
      plan: 'pro',
      proRenews: false,
      proExpiration: new Date(paidUntil * 1000).toISOString(),
    })
    const katherine = (await userRow('katherine')).stripeCustomerId!
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ id: 'sub_katherine', customer: katherine, periodEnd: paidUntil }),
    )
    expect(await plan('katherine')).toMatchObject({ plan: 'pro', proRenews: true })
  })
})

describe('account deletion', () => {
  it('cancels the subscription before the account goes', async () => {
    const { url } = (await checkout('barbara')).json()
    await pay(url)
    const subscription = (await userRow('barbara')).stripeSubscriptionId!
    expect((await h.stripe.subscriptions.retrieve(subscription)).status).toBe('active')

    const response = await call(sessions.barbara, 'DELETE', '/api/user', { confirm: 'DELETE' })
    expect(response.statusCode).toBe(204)
    expect((await h.stripe.subscriptions.retrieve(subscription)).status).toBe('canceled')
    const rows = await h.db.select().from(users).where(eq(users.email, 'barbara@example.com'))
    expect(rows).toEqual([])
  })
})

describe('when Stripe cannot be reached', () => {
  let down: Harness
  let session: string
  /** The account whose deletion fails: not Ada, whose checkout must find no subscription. */
  let graceSession: string

  beforeAll(async () => {
    down = await startHarness({ stripeVia: async () => 'http://127.0.0.1:9' })
    session = (await signIn(down, 'ada@example.com')).session!
    graceSession = (await signIn(down, 'grace@example.com')).session!
  })
  afterAll(async () => down?.close())

  it('answers 502 on checkout and creates nothing', async () => {
    const response = await down.call(session, 'POST', '/api/create-checkout-session', {
      priceId: down.config.plans.pro.monthly.priceId,
      planType: 'monthly',
    })
    expect(response.statusCode).toBe(502)
    expect(response.json().error).toEqual({
      code: 'payment_provider_unavailable',
      message: 'The payment provider could not be reached. Please try again.',
    })
    const [row] = await down.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    expect(row!.stripeCustomerId).toBeNull()
    expect((await down.call(session, 'GET', '/api/user/plan')).json().plan).toBe('free')
  })

  it('keeps an account whose subscription could not be cancelled', async () => {
    const [row] = await down.db.select().from(users).where(eq(users.email, 'grace@example.com'))
    await down.db.insert(stripeSubscriptions).values({
      id: 'sub_live',
      userId: row!.id,
      customerId: 'cus_live',
      status: 'active',
      lastEventAt: new Date(),
    })
    const response = await down.call(graceSession, 'DELETE', '/api/user', { confirm: 'DELETE' })
    expect(response.statusCode).toBe(502)
    expect(response.json().error.message).toContain('not deleted')
    expect((await down.call(graceSession, 'GET', '/api/auth/user')).statusCode).toBe(200)
  })
})
