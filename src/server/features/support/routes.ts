import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '../../../contract/contacts.js'
import {
  AdminTicketListSchema,
  CreatedTicketSchema,
  CreateTicketInputSchema,
  TicketSchema,
  TicketStatusFilterSchema,
  UpdateTicketStatusInputSchema,
} from '../../../contract/support.js'
import { Forbidden } from '../../lib/errors.js'
import type { AuthService } from '../auth/service.js'
import { requireUser, sessionToken } from '../auth/session.js'
import type { SupportService } from './service.js'

export type SupportRoutesDeps = {
  support: SupportService
  auth: AuthService
  /** Tickets an hour one client address may file (decision 035: public forms are rate limited). */
  ticketsPerHour: number
}

/** The message of the 403 every admin route gives a non-admin; the panel shows its own text. */
export const NOT_ADMIN_MESSAGE = "You don't have permission to access the admin panel."

export async function supportRoutes(app: FastifyInstance, deps: SupportRoutesDeps) {
  const { support, auth } = deps
  const r = app.withTypeProvider<ZodTypeProvider>()

  /** The session's user when there is one; the contact form works signed in or not. */
  async function optionalUser(request: FastifyRequest) {
    const token = sessionToken(request)
    return token ? auth.userForSessionToken(token) : null
  }

  r.post(
    '/api/contact',
    {
      schema: { body: CreateTicketInputSchema, response: { 201: CreatedTicketSchema } },
      config: { rateLimit: { max: deps.ticketsPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const ticket = await support.create(request.body, await optionalUser(request))
      return reply.status(201).send(ticket)
    },
  )

  // Every /api/admin route: a session (401), then an admin (403), before anything else runs.
  await app.register(async (admin) => {
    admin.addHook('onRequest', app.authenticate)
    admin.addHook('onRequest', async (request) => {
      if (!auth.isAdmin(requireUser(request))) throw new Forbidden(NOT_ADMIN_MESSAGE, 'not_admin')
    })
    const a = admin.withTypeProvider<ZodTypeProvider>()

    a.get(
      '/api/admin/tickets',
      {
        schema: { querystring: TicketStatusFilterSchema, response: { 200: AdminTicketListSchema } },
      },
      async (request) => support.list(request.query.status),
    )

    a.patch(
      '/api/admin/tickets/:id/status',
      {
        schema: {
          params: IdParamsSchema,
          body: UpdateTicketStatusInputSchema,
          response: { 200: TicketSchema },
        },
      },
      async (request) => support.setStatus(request.params.id, request.body.status),
    )
  })
}
