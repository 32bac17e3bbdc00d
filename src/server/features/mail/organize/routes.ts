import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BulkThreadActionResultSchema,
  BulkThreadActionSchema,
  CreateLabelSchema,
  LabelIdParamsSchema,
  LabelListSchema,
  LabelSchema,
  SignatureSchema,
  UpdateLabelSchema,
} from '../../../../contract/labels.js'
import { requireUser } from '../../auth/session.js'
import type { Organize } from './organize.js'

/** Labels, a selection's actions and the signature (issue 28). */
export async function organizeRoutes(app: FastifyInstance, { organize }: { organize: Organize }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { onRequest: app.authenticate }
  const { labels, actions, signature } = organize

  r.get(
    '/api/gmail/labels',
    { ...auth, schema: { response: { 200: LabelListSchema } } },
    async (request) => labels.list(requireUser(request)),
  )

  r.post(
    '/api/gmail/labels',
    { ...auth, schema: { body: CreateLabelSchema, response: { 201: LabelSchema } } },
    async (request, reply) =>
      reply.code(201).send(await labels.create(requireUser(request), request.body)),
  )

  r.patch(
    '/api/gmail/labels/:id',
    {
      ...auth,
      schema: {
        params: LabelIdParamsSchema,
        body: UpdateLabelSchema,
        response: { 200: LabelSchema },
      },
    },
    async (request) => labels.update(requireUser(request), request.params.id, request.body),
  )

  r.delete(
    '/api/gmail/labels/:id',
    { ...auth, schema: { params: LabelIdParamsSchema } },
    async (request, reply) => {
      await labels.remove(requireUser(request), request.params.id)
      return reply.code(204).send()
    },
  )

  r.post(
    '/api/gmail/threads/actions',
    {
      ...auth,
      schema: { body: BulkThreadActionSchema, response: { 200: BulkThreadActionResultSchema } },
    },
    async (request) =>
      actions.actOnSelection(requireUser(request), request.body.threadIds, request.body.change),
  )

  r.get(
    '/api/gmail/signature',
    {
      ...auth,
      schema: {
        // `refresh=1`: read from Gmail now (the user's Refresh), not from the hour-old copy.
        querystring: z.object({ refresh: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: SignatureSchema },
      },
    },
    async (request) =>
      signature.get(requireUser(request), {
        refresh: request.query.refresh === '1' || request.query.refresh === 'true',
      }),
  )
}
