import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  BillingPortalSessionSchema,
  CheckoutSessionInputSchema,
  CheckoutSessionSchema,
  PlanInfoSchema,
  PlansSchema,
} from '../../../contract/billing.js'
import { requireUser } from '../auth/session.js'
import type { BillingService } from './service.js'

export type BillingRoutesDeps = { billing: BillingService }

export async function billingRoutes(app: FastifyInstance, { billing }: BillingRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const onRequest = app.authenticate

  // Public: the landing page shows the prices to visitors.
  r.get('/api/plans', { schema: { response: { 200: PlansSchema } } }, async () => billing.plans())

  r.get(
    '/api/user/plan',
    { onRequest, schema: { response: { 200: PlanInfoSchema } } },
    async (request) => billing.planFor(requireUser(request)),
  )

  r.post(
    '/api/create-checkout-session',
    {
      onRequest,
      schema: { body: CheckoutSessionInputSchema, response: { 200: CheckoutSessionSchema } },
    },
    async (request) => billing.createCheckoutSession(requireUser(request), request.body),
  )

  r.post(
    '/api/billing-portal-session',
    { onRequest, schema: { response: { 200: BillingPortalSessionSchema } } },
    async (request) => billing.createPortalSession(requireUser(request)),
  )

  await app.register(stripeWebhookRoute, { billing })
}

/**
 * The Stripe webhook in a scope of its own: the signature covers the exact bytes sent, so
 * here the body stays raw; everywhere else JSON is parsed as usual. Stripe calls it from its
 * servers, so it alone skips the Origin check (the signature is its proof of origin).
 */
async function stripeWebhookRoute(app: FastifyInstance, { billing }: BillingRoutesDeps) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  app.post(
    '/api/stripe/webhook',
    { config: { skipOriginCheck: true }, bodyLimit: 1024 * 1024 },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = request.headers['stripe-signature']
      const outcome = await billing.handleWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      )
      return { received: true, ...outcome }
    },
  )
}
