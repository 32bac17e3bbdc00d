import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { EventBus } from '../../lib/events.js'
import { TooManyRequests } from '../../lib/errors.js'
import { requireUser, sessionToken } from '../auth/session.js'

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000

/**
 * Streams one session may hold on this instance (decision 043): an app opens one per tab. A
 * stream beyond them closes the session's oldest, which is told so first (`stream.replaced`)
 * and reopens only when its tab is looked at again.
 */
export const MAX_STREAMS_PER_SESSION = 5
/** Streams one user may hold on this instance, over all their sessions; beyond, a 429. */
export const MAX_STREAMS_PER_USER = 20
/** A stream slot frees when a tab closes, which nothing predicts: a minute is a fair wait. */
const STREAMS_RETRY_AFTER_SECONDS = 60

/**
 * The open streams of this instance, by session and by user. Counted in memory, unlike the
 * rate limits: a stream is a connection to this very instance, and ends with it.
 */
function createStreamRegistry() {
  /** Each session's streams, oldest first. */
  const bySession = new Map<string, ServerResponse[]>()
  const byUser = new Map<string, Set<ServerResponse>>()

  return {
    /**
     * Makes room for one more stream of this session and user: answers the session's oldest
     * stream when it must give way, or throws a 429 when the user has too many.
     */
    admit(sessionKey: string, userId: string): ServerResponse | null {
      const oldest =
        (bySession.get(sessionKey)?.length ?? 0) >= MAX_STREAMS_PER_SESSION
          ? bySession.get(sessionKey)![0]!
          : null
      const others = (byUser.get(userId)?.size ?? 0) - (oldest ? 1 : 0)
      if (others >= MAX_STREAMS_PER_USER) {
        throw new TooManyRequests(
          `Inkwell is open in too many tabs (${MAX_STREAMS_PER_USER}); close some, then reload this one`,
          'too_many_streams',
          { retryAfterSeconds: STREAMS_RETRY_AFTER_SECONDS },
        )
      }
      return oldest
    },

    add(sessionKey: string, userId: string, res: ServerResponse): void {
      bySession.set(sessionKey, [...(bySession.get(sessionKey) ?? []), res])
      const mine = byUser.get(userId) ?? new Set()
      byUser.set(userId, mine.add(res))
    },

    remove(sessionKey: string, userId: string, res: ServerResponse): void {
      const left = (bySession.get(sessionKey) ?? []).filter((r) => r !== res)
      if (left.length) bySession.set(sessionKey, left)
      else bySession.delete(sessionKey)
      const mine = byUser.get(userId)
      mine?.delete(res)
      if (mine?.size === 0) byUser.delete(userId)
    },

    all: (): ServerResponse[] => [...byUser.values()].flatMap((streams) => [...streams]),
  }
}

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
  const streams = createStreamRegistry()
  // Streams never finish on their own: end them before the server waits for in-flight
  // requests, and the browser reconnects (to another instance, behind a load balancer).
  app.addHook('preClose', async () => {
    for (const res of streams.all()) res.end()
  })

  app.get('/api/events', { onRequest: app.authenticate }, async (request, reply) => {
    const user = requireUser(request)
    // The session by its token's hash: the token itself is kept nowhere.
    const session = createHash('sha256')
      .update(sessionToken(request) ?? '')
      .digest('base64url')
    const replaced = streams.admit(session, user.id)
    if (replaced) {
      // Said before closing: the app then stays closed until its tab is used again, where
      // a plain end would have its EventSource reconnect and replace the next one.
      replaced.write('event: stream.replaced\ndata: {"type":"stream.replaced"}\n\n')
      replaced.end()
      streams.remove(session, user.id, replaced)
    }
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
    streams.add(session, user.id, res)
    const unsubscribe = deps.events.subscribe(user.id, (event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
    })
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
    const disconnect = deps.onConnect?.(user.id)
    res.on('close', () => {
      clearInterval(heartbeat)
      unsubscribe()
      disconnect?.()
      streams.remove(session, user.id, res)
    })
  })
}
