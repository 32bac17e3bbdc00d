import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { PlanInfo } from '../../../contract/billing.js'
import { stripeSubscriptions, users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

const PEOPLE = ['ada', 'grace', 'alan', 'edsger', 'barbara', 'donald', 'frances', 'ken']

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
    const first = (await checkout('barbara')).json()
    const second = (await checkout('barbara', 'yearly')).json()
    const customer = (await userRow('barbara')).stripeCustomerId
    expect(customer).toMatch(/^cus_/)
    for (const { sessionId } of [first, second]) {
      expect((await h.stripe.checkout.sessions.retrieve(sessionId)).customer).toBe(customer)
    }
    expect(customer).not.toBe(await customerOf('donald'))
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
    const portal = await call(sessions.ada, 'POST', '/api/billing-portal-session')
    expect(portal.statusCode).toBe(200)
    const portalUrl = new URL(portal.json().url)
    const page = await (await fetch(portalUrl)).text()
    expect(page).toContain(`href="${h.config.appUrl}/settings"`)
    const subscription = (await userRow('ada')).stripeSubscriptionId!
    const act = (action: string) =>
      fetch(`${portalUrl}/${action}`, {
        method: 'POST',
        body: new URLSearchParams({ subscription }),
        redirect: 'manual',
      })

    expect((await act('cancel-at-period-end')).status).toBe(303)
    const ending = await plan('ada')
    expect(ending).toMatchObject({ plan: 'pro', proRenews: false })

    await act('resume')
    expect(await plan('ada')).toMatchObject({ plan: 'pro', proRenews: true })

    await act('fail-payment')
    expect(await plan('ada')).toMatchObject({ plan: 'pro', paymentPastDue: true })
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
    const customer = (await userRow('grace')).stripeCustomerId!
    const active = subscriptionObject({ id: 'sub_grace', customer, periodEnd: nowSeconds() + DAY })
    const response = await deliver('customer.subscription.created', active, {
      headers: { origin: 'https://stripe.example' },
    })
    expect(response.statusCode).toBe(200)
    expect(await plan('grace')).toMatchObject({ plan: 'pro', proRenews: true })
  })

  it('applies an event once, however often it is delivered', async () => {
    const customer = (await userRow('grace')).stripeCustomerId!
    const periodEnd = nowSeconds() + DAY
    const created = nowSeconds()
    const cancel = {
      id: eventId(),
      object: subscriptionObject({ id: 'sub_grace', customer, periodEnd, cancelAtPeriodEnd: true }),
    }
    const resume = subscriptionObject({ id: 'sub_grace', customer, periodEnd })

    const first = await deliver('customer.subscription.updated', cancel.object, {
      id: cancel.id,
      created,
    })
    expect(first.json()).toEqual({ received: true, duplicate: false })
    expect((await plan('grace')).proRenews).toBe(false)
    // A later change in the same second, then the first event again: it must not undo it.
    await deliver('customer.subscription.updated', resume, { created })
    expect((await plan('grace')).proRenews).toBe(true)
    const replay = await deliver('customer.subscription.updated', cancel.object, {
      id: cancel.id,
      created,
    })
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ received: true, duplicate: true })
    expect((await plan('grace')).proRenews).toBe(true)
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
    const customer = (await userRow('donald')).stripeCustomerId!
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

  beforeAll(async () => {
    down = await startHarness({ stripeVia: async () => 'http://127.0.0.1:9' })
    session = (await signIn(down, 'ada@example.com')).session!
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
    const [row] = await down.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    await down.db.insert(stripeSubscriptions).values({
      id: 'sub_live',
      userId: row!.id,
      customerId: 'cus_live',
      status: 'active',
      lastEventAt: new Date(),
    })
    const response = await down.call(session, 'DELETE', '/api/user', { confirm: 'DELETE' })
    expect(response.statusCode).toBe(502)
    expect(response.json().error.message).toContain('not deleted')
    expect((await down.call(session, 'GET', '/api/auth/user')).statusCode).toBe(200)
  })
})
