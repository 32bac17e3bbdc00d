import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { EventBus } from '../../lib/events.js'
import { requireUser } from '../auth/session.js'

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000

/**
 * GET /api/events: the signed-in user's events as server-sent events, whichever instance
 * published them (sync progress, new mail). The app treats each as "look again".
 */
export async function eventRoutes(
  app: FastifyInstance,
  deps: {
    events: EventBus
    /** Called when a user's stream opens; what it returns is called when it closes. */
    onConnect?: (userId: string) => () => void
  },
) {
  const open = new Set<ServerResponse>()
  // Streams never finish on their own: end them before the server waits for in-flight
  // requests, and the browser reconnects (to another instance, behind a load balancer).
  app.addHook('preClose', async () => {
    for (const res of open) res.end()
  })

  app.get('/api/events', { onRequest: app.authenticate }, async (request, reply) => {
    const user = requireUser(request)
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx buffers responses by default; a stream must reach the browser as it is written.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    })
    res.write('retry: 3000\n\n')
    open.add(res)
    const unsubscribe = deps.events.subscribe(user.id, (event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
    })
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
    const disconnect = deps.onConnect?.(user.id)
    res.on('close', () => {
      clearInterval(heartbeat)
      unsubscribe()
      disconnect?.()
      open.delete(res)
    })
  })
}
