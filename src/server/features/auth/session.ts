import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { UserRow } from '../../db/schema.js'
import { Unauthorized } from '../../lib/errors.js'
import type { AuthService } from './service.js'

export const SESSION_COOKIE = 'inkwell_session'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the `authenticate` pre-handler. */
    user: UserRow | null
  }
}

/** Builds the pre-handler that loads the session's user or answers 401. */
export function createAuthenticate(auth: AuthService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE]
    const user = token ? await auth.userForSessionToken(token) : null
    if (!user) throw new Unauthorized()
    request.user = user
  }
}

/** The signed-in user of a route guarded by `authenticate`. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Unauthorized()
  return request.user
}

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000

/**
 * Purges expired sessions every hour inside this process; answers the function that stops it.
 * The timer does not keep the process alive. Every instance runs one, harmlessly: the purge
 * is one idempotent DELETE, and it is small enough for a job queue to call instead later.
 */
export function scheduleSessionPurge(auth: AuthService, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    auth
      .purgeExpiredSessions()
      .then((purged) => {
        if (purged) log.info({ purged }, 'expired sessions purged')
      })
      .catch((error: unknown) => log.warn({ err: error }, 'purging expired sessions failed'))
  }, SESSION_PURGE_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
