import type { FastifyInstance } from 'fastify'
import type { Pool } from 'pg'
import { isSchemaCurrent } from '../../db/client.js'

/**
 * Probes for a load balancer or an orchestrator. `/healthz`: the process answers (liveness).
 * `/readyz`: it can serve: the database answers, the schema is migrated, and it is not
 * draining for a shutdown (readiness). Neither needs a session nor touches user data.
 */
export async function healthRoutes(
  app: FastifyInstance,
  deps: { pool: Pool; isDraining: () => boolean },
) {
  app.get('/healthz', async () => ({ status: 'ok' }))

  app.get('/readyz', async (request, reply) => {
    if (deps.isDraining()) return reply.status(503).send({ status: 'draining' })
    try {
      if (!(await isSchemaCurrent(deps.pool))) {
        return reply.status(503).send({ status: 'migrations pending' })
      }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer')
      return reply.status(503).send({ status: 'database unavailable' })
    }
    return { status: 'ready' }
  })
}
