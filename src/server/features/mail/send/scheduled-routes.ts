import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CancelledScheduledSchema,
  MoveScheduledSchema,
  ScheduledListSchema,
  ScheduledParamsSchema,
  ScheduledSendSchema,
} from '../../../../contract/scheduled.js'
import { requireUser } from '../../auth/session.js'
import type { ScheduledSends } from './scheduled.js'

/** The Scheduled view's routes (decision 053); every row is the signed-in user's or a 404. */
export async function scheduledRoutes(
  app: FastifyInstance,
  { scheduled }: { scheduled: ScheduledSends },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { onRequest: app.authenticate }

  r.get(
    '/api/gmail/scheduled',
    { ...auth, schema: { response: { 200: ScheduledListSchema } } },
    async (request) => ({ scheduled: await scheduled.list(requireUser(request)) }),
  )

  r.delete(
    '/api/gmail/scheduled/:id',
    {
      ...auth,
      schema: { params: ScheduledParamsSchema, response: { 200: CancelledScheduledSchema } },
    },
    async (request) => scheduled.cancel(requireUser(request), request.params.id),
  )

  r.patch(
    '/api/gmail/scheduled/:id',
    {
      ...auth,
      schema: {
        params: ScheduledParamsSchema,
        body: MoveScheduledSchema,
        response: { 200: ScheduledSendSchema },
      },
    },
    async (request) => scheduled.move(requireUser(request), request.params.id, request.body.sendAt),
  )
}
