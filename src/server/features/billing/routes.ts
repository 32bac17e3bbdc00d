import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { PlanInfoSchema } from '../../../contract/billing.js'
import { requireUser } from '../auth/session.js'
import type { BillingService } from './service.js'

export async function billingRoutes(
  app: FastifyInstance,
  { billing }: { billing: BillingService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/user/plan',
    { onRequest: app.authenticate, schema: { response: { 200: PlanInfoSchema } } },
    async (request) => billing.plan(requireUser(request)),
  )
}
