import http from 'node:http'
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { createEmulator } from 'emulate'
import type { BillingInterval, ProPrice } from '../../contract/billing.js'

/** Hands a signed event to Inkwell's webhook endpoint; answers its HTTP status. */
export type DeliverEvent = (payload: string, signature: string) => Promise<number>

export type StripeStandIn = {
  /** Where the `stripe` SDK is pointed (`host`/`port`), and where the portal page lives. */
  url: string
  port: number
  close: () => Promise<void>
}

/** POSTs events to `url` as Stripe does: JSON body, `Stripe-Signature` header. */
export function deliverTo(url: string): DeliverEvent {
  return async (payload, signature) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    return response.status
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`
const nowSeconds = () => Math.floor(Date.now() / 1000)

function periodEnd(startSeconds: number, interval: BillingInterval): number {
  const end = new Date(startSeconds * 1000)
  if (interval === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1)
  else end.setUTCFullYear(end.getUTCFullYear() + 1)
  return Math.floor(end.getTime() / 1000)
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The parts of a Stripe subscription this stand-in keeps; the shape Stripe's API answers. */
type StandInSubscription = {
  id: string
  object: 'subscription'
  customer: string
  status: 'active' | 'past_due' | 'canceled'
  cancel_at_period_end: boolean
  cancel_at: number | null
  canceled_at: number | null
  ended_at: number | null
  cancellation_details: { reason: string | null }
  created: number
  metadata: Record<string, string>
  latest_invoice: string | null
  livemode: false
  items: {
    object: 'list'
    data: {
      id: string
      object: 'subscription_item'
      quantity: 1
      current_period_start: number
      current_period_end: number
      price: {
        id: string
        object: 'price'
        currency: string
        unit_amount: number
        recurring: { interval: 'month' | 'year'; interval_count: 1 }
      }
    }[]
  }
}

/**
 * The demo's Stripe: the `emulate` Stripe stand-in (customers, prices, hosted checkout) behind
 * a small front that adds what it lacks: subscriptions for `mode: 'subscription'` checkouts
 * (the emulator sells one-time prices only and ignores the mode), the subscription and invoice
 * events, and a billing portal page. Inkwell's code talks to it exactly as to Stripe; the
 * front signs every event with Stripe's scheme. State lives in memory, as the emulator's does.
 * See docs/decisions/015.
 */
export async function startStripeStandIn(options: {
  port: number
  webhookSecret: string
  deliver: DeliverEvent
  productName: string
  /** The recurring prices it sells, as the plans source lists them. */
  prices: ProPrice[]
}): Promise<StripeStandIn> {
  const signer = new Stripe('sk_test_standin_signer')
  // The emulator reports completed checkouts to the front, signed with a secret of its own.
  const internalSecret = `whsec_${randomBytes(16).toString('hex')}`
  const front = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject)
    front.listen(options.port, '127.0.0.1', resolve)
  })
  const address = front.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = `http://localhost:${port}`

  const emulator = await createEmulator({
    service: 'stripe',
    port: 0,
    seed: {
      stripe: {
        products: [{ name: options.productName }],
        prices: options.prices.map((p) => ({
          id: p.priceId,
          product_name: options.productName,
          currency: p.currency,
          unit_amount: p.amountMinor,
        })),
        webhooks: [
          {
            url: `${url}/_standin/checkout-completed`,
            events: ['checkout.session.completed'],
            secret: internalSecret,
          },
        ],
      },
    },
  })

  const pricesById = new Map(options.prices.map((p) => [p.priceId, p]))
  /** What a checkout asked for, by session id: the emulator forgets the price and the mode. */
  const checkouts = new Map<
    string,
    { priceId: string; clientReferenceId: string | null; metadata: Record<string, string> }
  >()
  const subscriptions = new Map<string, StandInSubscription>()
  const portals = new Map<string, { customer: string; returnUrl: string }>()

  async function send(type: string, object: object): Promise<void> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    }
    const payload = JSON.stringify(event)
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    })
    await options.deliver(payload, signature)
  }

  function invoiceFor(sub: StandInSubscription, status: 'paid' | 'open') {
    const item = sub.items.data[0]!
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      currency: item.price.currency,
      amount_due: item.price.unit_amount,
      amount_paid: status === 'paid' ? item.price.unit_amount : 0,
      created: nowSeconds(),
      livemode: false,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: item.price.unit_amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
    }
  }

  async function completeCheckout(session: { id: string; mode: string; customer: string }) {
    const checkout = checkouts.get(session.id)
    const price = checkout && pricesById.get(checkout.priceId)
    if (session.mode !== 'subscription' || !checkout || !price) {
      await send('checkout.session.completed', session)
      return
    }
    const start = nowSeconds()
    const sub: StandInSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { reason: null },
      created: start,
      metadata: checkout.metadata,
      latest_invoice: null,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd(start, price.interval),
            price: {
              id: price.priceId,
              object: 'price',
              currency: price.currency,
              unit_amount: price.amountMinor,
              recurring: {
                interval: price.interval === 'monthly' ? 'month' : 'year',
                interval_count: 1,
              },
            },
          },
        ],
      },
    }
    const invoice = invoiceFor(sub, 'paid')
    sub.latest_invoice = invoice.id
    subscriptions.set(sub.id, sub)
    // Stripe's usual order; Inkwell must not depend on it.
    await send('customer.subscription.created', sub)
    await send('invoice.paid', invoice)
    await send('checkout.session.completed', {
      ...session,
      client_reference_id: checkout.clientReferenceId,
      subscription: sub.id,
      invoice: invoice.id,
    })
  }

  async function cancelNow(sub: StandInSubscription, reason: string) {
    if (sub.status === 'canceled') return
    const now = nowSeconds()
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: { reason },
    })
    await send('customer.subscription.deleted', sub)
  }

  async function setCancelAtPeriodEnd(sub: StandInSubscription, cancel: boolean) {
    if (sub.status === 'canceled') return
    Object.assign(sub, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? sub.items.data[0]!.current_period_end : null,
      canceled_at: cancel ? nowSeconds() : null,
      cancellation_details: { reason: cancel ? 'cancellation_requested' : null },
    })
    await send('customer.subscription.updated', sub)
  }

  async function failPayment(sub: StandInSubscription) {
    if (sub.status === 'canceled') return
    sub.status = 'past_due'
    await send('invoice.payment_failed', invoiceFor(sub, 'open'))
    await send('customer.subscription.updated', sub)
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const path = new URL(req.url ?? '/', url).pathname
    const method = req.method ?? 'GET'
    const form = new URLSearchParams(body)
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(data))
    }
    const missing = (what: string) =>
      json(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}`,
        },
      })
    const redirect = (location: string) => {
      res.writeHead(303, { location })
      res.end()
    }

    if (method === 'POST' && path === '/_standin/checkout-completed') {
      const event = signer.webhooks.constructEvent(
        body,
        String(req.headers['stripe-signature'] ?? ''),
        internalSecret,
      ) as unknown as { data: { object: { id: string; mode: string; customer: string } } }
      await completeCheckout(event.data.object)
      return json(200, { received: true })
    }

    const subscriptionPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/)
    if (subscriptionPath) {
      const sub = subscriptions.get(decodeURIComponent(subscriptionPath[1]!))
      if (!sub) return missing('subscription')
      if (method === 'DELETE') await cancelNow(sub, 'cancellation_requested')
      if (method === 'POST' && form.has('cancel_at_period_end')) {
        await setCancelAtPeriodEnd(sub, form.get('cancel_at_period_end') === 'true')
      }
      return json(200, sub)
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer')
      if (!customer) return missing('customer')
      const portalId = id('bps')
      portals.set(portalId, { customer, returnUrl: form.get('return_url') ?? url })
      return json(200, {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        return_url: form.get('return_url'),
        livemode: false,
        url: `${url}/portal/${portalId}`,
      })
    }

    const portalPath = path.match(/^\/portal\/([^/]+)(?:\/([a-z-]+))?$/)
    if (portalPath) {
      const portalId = portalPath[1]!
      const portal = portals.get(portalId)
      if (!portal) return missing('portal session')
      const action = portalPath[2]
      if (method === 'POST' && action) {
        const sub = subscriptions.get(form.get('subscription') ?? '')
        if (!sub || sub.customer !== portal.customer) return missing('subscription')
        if (action === 'cancel-at-period-end') await setCancelAtPeriodEnd(sub, true)
        else if (action === 'resume') await setCancelAtPeriodEnd(sub, false)
        else if (action === 'cancel-now') await cancelNow(sub, 'cancellation_requested')
        else if (action === 'fail-payment') await failPayment(sub)
        else return missing('action')
        return redirect(`/portal/${portalId}`)
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(renderPortal(portalId, portal, [...subscriptions.values()]))
    }

    // Everything else is the emulator's: forward it, noting what a checkout asks for.
    const forwarded = await fetch(`${emulator.url}${req.url ?? '/'}`, {
      method,
      headers: { 'content-type': String(req.headers['content-type'] ?? 'text/plain') },
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      redirect: 'manual',
    })
    const answer = Buffer.from(await forwarded.arrayBuffer())
    if (method === 'POST' && path === '/v1/checkout/sessions' && forwarded.ok) {
      const session = JSON.parse(answer.toString('utf8')) as { id: string }
      const metadata: Record<string, string> = {}
      for (const [key, value] of form) {
        const name = key.match(/^subscription_data\[metadata\]\[(.+)\]$/)?.[1]
        if (name) metadata[name] = value
      }
      checkouts.set(session.id, {
        priceId: form.get('line_items[0][price]') ?? '',
        clientReferenceId: form.get('client_reference_id'),
        metadata,
      })
    }
    const headers: Record<string, string> = {}
    for (const name of ['content-type', 'location']) {
      const value = forwarded.headers.get(name)
      if (value) headers[name] = value
    }
    res.writeHead(forwarded.status, headers)
    res.end(answer)
  }

  function renderPortal(
    portalId: string,
    portal: { customer: string; returnUrl: string },
    all: StandInSubscription[],
  ): string {
    const mine = all.filter((s) => s.customer === portal.customer)
    const date = (seconds: number) => new Date(seconds * 1000).toUTCString().slice(0, 16)
    const button = (sub: StandInSubscription, action: string, label: string) =>
      `<form method="post" action="/portal/${escapeHtml(portalId)}/${action}">` +
      `<input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">` +
      `<button type="submit">${label}</button></form>`
    const rows = mine.map((sub) => {
      const item = sub.items.data[0]!
      const plan = `${options.productName}, ${item.price.recurring.interval}ly`
      let state: string
      if (sub.status === 'canceled') state = 'Cancelled'
      else if (sub.cancel_at_period_end) state = `Ends ${date(item.current_period_end)}`
      else state = `Renews ${date(item.current_period_end)}`
      if (sub.status === 'past_due') state += ' (payment failed)'
      const actions =
        sub.status === 'canceled'
          ? ''
          : [
              sub.cancel_at_period_end
                ? button(sub, 'resume', 'Resume subscription')
                : button(sub, 'cancel-at-period-end', 'Cancel at period end'),
              button(sub, 'cancel-now', 'Cancel immediately'),
              button(sub, 'fail-payment', 'Simulate a failed payment'),
            ].join('')
      return `<section><h2>${escapeHtml(plan)}</h2><p>${escapeHtml(state)}</p>${actions}</section>`
    })
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Manage billing (Stripe stand-in)</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
section{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}
form{display:inline-block;margin:.25rem .5rem .25rem 0}button{padding:.4rem .8rem}</style>
</head><body><main><h1>Manage billing</h1>
<p>The local Stripe stand-in's billing portal. Changes reach Inkwell as signed webhooks.</p>
${rows.join('') || '<p>No subscriptions.</p>'}
<p><a href="${escapeHtml(portal.returnUrl)}">Return to Inkwell</a></p></main></body></html>`
  }

  return {
    url,
    port,
    async close() {
      front.closeAllConnections()
      await new Promise<void>((resolve) => front.close(() => resolve()))
      await emulator.close()
    },
  }
}
