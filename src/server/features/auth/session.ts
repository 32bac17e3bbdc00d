import type { FastifyReply, FastifyRequest } from 'fastify'
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
