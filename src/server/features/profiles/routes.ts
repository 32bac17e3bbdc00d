import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '../../../contract/contacts.js'
import {
  WritingProfileInputSchema,
  WritingProfileListSchema,
  WritingProfileSchema,
} from '../../../contract/profiles.js'
import { requireUser } from '../auth/session.js'
import type { ProfilesService } from './service.js'

export type ProfilesRoutesDeps = { profiles: ProfilesService }

export async function profilesRoutes(app: FastifyInstance, { profiles }: ProfilesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // onRequest, not preHandler: a caller without a session gets 401 before any body is parsed.
  const onRequest = app.authenticate

  r.get(
    '/api/writing-profiles',
    { onRequest, schema: { response: { 200: WritingProfileListSchema } } },
    async (request) => profiles.list(requireUser(request).id),
  )

  r.get(
    '/api/writing-profiles/:id',
    { onRequest, schema: { params: IdParamsSchema, response: { 200: WritingProfileSchema } } },
    async (request) => profiles.get(requireUser(request).id, request.params.id),
  )

  r.post(
    '/api/writing-profiles',
    {
      onRequest,
      schema: { body: WritingProfileInputSchema, response: { 201: WritingProfileSchema } },
    },
    async (request, reply) => {
      const profile = await profiles.create(requireUser(request).id, request.body)
      return reply.status(201).send(profile)
    },
  )

  r.put(
    '/api/writing-profiles/:id',
    {
      onRequest,
      schema: {
        params: IdParamsSchema,
        body: WritingProfileInputSchema,
        response: { 200: WritingProfileSchema },
      },
    },
    async (request) => profiles.update(requireUser(request).id, request.params.id, request.body),
  )

  r.put(
    '/api/writing-profiles/:id/set-default',
    { onRequest, schema: { params: IdParamsSchema, response: { 200: WritingProfileSchema } } },
    async (request) => profiles.setDefault(requireUser(request).id, request.params.id),
  )

  r.delete(
    '/api/writing-profiles/:id',
    { onRequest, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await profiles.delete(requireUser(request).id, request.params.id)
      return reply.status(204).send()
    },
  )
}
