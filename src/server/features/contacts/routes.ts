import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ContactInputSchema,
  ContactListSchema,
  ContactSchema,
  ContactSuggestionListSchema,
  ContactSuggestionsQuerySchema,
  IdParamsSchema,
} from '../../../contract/contacts.js'
import { requireUser } from '../auth/session.js'
import type { ContactsService } from './service.js'

export type ContactsRoutesDeps = { contacts: ContactsService }

export async function contactsRoutes(app: FastifyInstance, { contacts }: ContactsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // onRequest, not preHandler: a caller without a session gets 401 before any body is parsed.
  const onRequest = app.authenticate

  r.get(
    '/api/contacts',
    { onRequest, schema: { response: { 200: ContactListSchema } } },
    async (request) => contacts.list(requireUser(request).id),
  )

  r.get(
    '/api/contacts/suggestions',
    {
      onRequest,
      schema: {
        querystring: ContactSuggestionsQuerySchema,
        response: { 200: ContactSuggestionListSchema },
      },
    },
    async (request) => contacts.suggestions(requireUser(request), request.query.limit),
  )

  r.get(
    '/api/contacts/:id',
    { onRequest, schema: { params: IdParamsSchema, response: { 200: ContactSchema } } },
    async (request) => contacts.get(requireUser(request).id, request.params.id),
  )

  r.post(
    '/api/contacts',
    { onRequest, schema: { body: ContactInputSchema, response: { 201: ContactSchema } } },
    async (request, reply) => {
      const contact = await contacts.create(requireUser(request), request.body)
      return reply.status(201).send(contact)
    },
  )

  r.put(
    '/api/contacts/:id',
    {
      onRequest,
      schema: {
        params: IdParamsSchema,
        body: ContactInputSchema,
        response: { 200: ContactSchema },
      },
    },
    async (request) => contacts.update(requireUser(request), request.params.id, request.body),
  )

  r.delete(
    '/api/contacts/:id',
    { onRequest, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await contacts.delete(requireUser(request).id, request.params.id)
      return reply.status(204).send()
    },
  )
}
