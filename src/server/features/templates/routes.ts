import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  TemplateIdParamsSchema,
  TemplateInputSchema,
  TemplateListSchema,
  TemplatePatchSchema,
  TemplateSchema,
} from '../../../contract/templates.js'
import { requireUser } from '../auth/session.js'
import type { TemplatesService } from './service.js'

export type TemplatesRoutesDeps = { templates: TemplatesService }

/**
 * A template's JSON at its largest: a body of TEMPLATE_BODY_MAX characters, each escaped to at
 * most six bytes (`\u0001`), with its name and subject. Past this the 413 comes before parsing.
 */
const TEMPLATE_BODY_LIMIT = 1024 * 1024

export async function templatesRoutes(app: FastifyInstance, { templates }: TemplatesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // onRequest, not preHandler: a caller without a session gets 401 before any body is parsed.
  const onRequest = app.authenticate
  // Before validation: a Free user is told about Pro, not about a field of a form they cannot use.
  const preValidation = async (request: FastifyRequest) =>
    templates.assertCanManage(requireUser(request))

  r.get(
    '/api/templates',
    { onRequest, schema: { response: { 200: TemplateListSchema } } },
    async (request) => templates.list(requireUser(request).id),
  )

  r.post(
    '/api/templates',
    {
      onRequest,
      preValidation,
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: { body: TemplateInputSchema, response: { 201: TemplateSchema } },
    },
    async (request, reply) => {
      const template = await templates.create(requireUser(request).id, request.body)
      return reply.status(201).send(template)
    },
  )

  r.patch(
    '/api/templates/:id',
    {
      onRequest,
      preValidation,
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: {
        params: TemplateIdParamsSchema,
        body: TemplatePatchSchema,
        response: { 200: TemplateSchema },
      },
    },
    async (request) => templates.update(requireUser(request).id, request.params.id, request.body),
  )

  // Deleting one's own data is never a paid feature: a user back on Free may still clear
  // the templates they made on Pro (decision 051).
  r.delete(
    '/api/templates/:id',
    { onRequest, schema: { params: TemplateIdParamsSchema } },
    async (request, reply) => {
      await templates.delete(requireUser(request).id, request.params.id)
      return reply.status(204).send()
    },
  )
}
