import type { FastifyReply, FastifyRequest } from 'fastify'
import type { UserRow } from '../../db/schema.js'
import { Unauthorized } from '../../lib/errors.js'
import type { AuthService } from './service.js'

/** The session cookie's name and whether it is Secure: one decision for the whole app. */
export type SessionCookie = { name: string; secure: boolean }

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the `authenticate` pre-handler. */
    user: UserRow | null
  }
  interface FastifyInstance {
    /** The session cookie this server sets and reads (`sessionCookieFor`). */
    sessionCookie: SessionCookie
  }
}

/**
 * The session cookie for the origin people open. Over https it is `__Host-inkwell_session`:
 * the browser then only keeps it when it is Secure, has Path=/ and no Domain, so neither a
 * sibling subdomain nor a plain-http page can plant or overwrite one (a planted session would
 * sign the victim into the attacker's account). Browsers refuse a `__Host-` cookie without
 * Secure, so the plain-http demo (and a private-network `ALLOW_INSECURE_HTTP` production)
 * keeps `inkwell_session`.
 */
export function sessionCookieFor(appUrl: string): SessionCookie {
  const secure = appUrl.startsWith('https://')
  return { name: secure ? '__Host-inkwell_session' : 'inkwell_session', secure }
}

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.sessionCookie.name]
}

/** The attributes a `__Host-` cookie must have, and deleting it must repeat. */
function sessionCookieOptions(reply: FastifyReply) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: reply.server.sessionCookie.secure,
    httpOnly: true,
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(reply.server.sessionCookie.name, token, {
    ...sessionCookieOptions(reply),
    expires,
  })
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(reply.server.sessionCookie.name, sessionCookieOptions(reply))
}

/** Builds the pre-handler that loads the session's user or answers 401. */
export function createAuthenticate(auth: AuthService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = sessionToken(request)
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
