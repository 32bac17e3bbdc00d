import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CurrentUserSchema,
  GoogleCallbackQuerySchema,
  GoogleLoginQuerySchema,
  MetaSchema,
  type CurrentUser,
} from '../../../contract/auth.js'
import { OAUTH_SUCCESS_COOKIE, type AuthErrorCode } from '../../../contract/auth-errors.js'
import type { UserRow } from '../../db/schema.js'
import { randomToken, type SecretBox } from '../../lib/crypto.js'
import { clearSessionCookie, requireUser, sessionToken, setSessionCookie } from './session.js'
import { SignInError, type AuthService } from './service.js'
import type { GoogleOAuth } from './google.js'

const FLOW_COOKIE = 'inkwell_oauth'
const FLOW_COOKIE_PATH = '/api/auth/google'
const FLOW_TTL_MS = 10 * 60 * 1000

const FlowSchema = z.object({
  state: z.string(),
  verifier: z.string(),
  intent: z.enum(['signin', 'connect']),
  /** Google's consent screen was asked for: a refresh token must come back. */
  consent: z.boolean().default(false),
  expiresAt: z.number(),
})

export type AuthRoutesDeps = {
  auth: AuthService
  google: GoogleOAuth | null
  /** Seals the OAuth flow cookie; a key of its own, not the token key. */
  cookieSecrets: SecretBox
  secureCookies: boolean
  rateLimitPerMinute: number
  /** Google is the local stand-in. */
  demo: boolean
  /** What else goes when a user disconnects Gmail (the cached mailbox). */
  onGmailDisconnected: (userId: string) => Promise<void>
}

export function toCurrentUser(user: UserRow, isAdmin: boolean): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    gmailConnected: user.gmailConnected,
    isAdmin,
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    hasSeenTutorial: user.hasSeenTutorial,
  }
}

export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const { auth, cookieSecrets } = deps
  const r = app.withTypeProvider<ZodTypeProvider>()
  const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: '1 minute' }
  const baseCookie = { path: '/', sameSite: 'lax' as const, secure: deps.secureCookies }

  const fail = (reply: FastifyReply, code: AuthErrorCode) => {
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
    return reply.redirect(`/auth?error=${code}`)
  }

  r.get(
    '/api/auth/google/login',
    { schema: { querystring: GoogleLoginQuerySchema }, config: { rateLimit } },
    async (request, reply) => {
      if (!deps.google) return fail(reply, 'oauth_config')
      const pkce = await deps.google.createPkce()
      const flow = {
        state: randomToken(),
        verifier: pkce.verifier,
        intent: request.query.intent,
        // Connecting Gmail follows a disconnect, which revoked the grant: ask again.
        consent: request.query.prompt === 'consent' || request.query.intent === 'connect',
        expiresAt: Date.now() + FLOW_TTL_MS,
      }
      reply.setCookie(FLOW_COOKIE, cookieSecrets.seal(JSON.stringify(flow)), {
        ...baseCookie,
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        maxAge: FLOW_TTL_MS / 1000,
      })
      return reply.redirect(
        deps.google.authorizationUrl(flow.state, pkce.challenge, { consent: flow.consent }),
      )
    },
  )

  r.get(
    '/api/auth/google/callback',
    { schema: { querystring: GoogleCallbackQuerySchema }, config: { rateLimit } },
    async (request, reply) => {
      const { code, state, error } = request.query
      const flow = readFlow(request.cookies[FLOW_COOKIE])
      if (error || !code || !state || !flow || flow.state !== state) {
        request.log.warn({ googleError: error, hasFlow: Boolean(flow) }, 'OAuth callback refused')
        return fail(reply, 'oauth_failed')
      }
      try {
        const user = await auth.completeGoogleSignIn(code, flow.verifier)
        if (user.gmailConnected && !user.gmailRefreshToken && !flow.consent) {
          // Google sends a refresh token only with consent; without one, Gmail would stop
          // working within the hour. Ask once, with the consent screen this time.
          reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
          return reply.redirect(`/api/auth/google/login?intent=${flow.intent}&prompt=consent`)
        }
        const session = await auth.startSession(user.id)
        reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
        setSessionCookie(reply, session.token, session.expiresAt)
        reply.setCookie(OAUTH_SUCCESS_COOKIE, 'true', { ...baseCookie, maxAge: 60 })
        request.log.info({ userId: user.id, intent: flow.intent }, 'signed in with Google')
        return reply.redirect(
          flow.intent === 'connect' ? '/settings?gmail_connected=true' : '/oauth-success',
        )
      } catch (err) {
        const code = err instanceof SignInError ? err.code : 'oauth_failed'
        request.log.error({ err, code }, 'Google sign-in failed')
        return fail(reply, code)
      }
    },
  )

  // The spec's /auth/google: a full-page redirect that (re)connects Gmail.
  r.get('/auth/google', { config: { rateLimit } }, async (_request, reply) =>
    reply.redirect('/api/auth/google/login?intent=connect'),
  )

  r.get('/api/meta', { schema: { response: { 200: MetaSchema } } }, async () => ({
    demo: deps.demo,
  }))

  r.get(
    '/api/auth/user',
    { onRequest: app.authenticate, schema: { response: { 200: CurrentUserSchema } } },
    async (request) => {
      const user = requireUser(request)
      return toCurrentUser(user, auth.isAdmin(user))
    },
  )

  r.post('/api/auth/logout', { config: { rateLimit } }, async (request, reply) => {
    const token = sessionToken(request)
    if (token) await auth.endSession(token)
    clearSessionCookie(reply)
    return reply.status(204).send()
  })

  r.post(
    '/api/auth/logout-all',
    { onRequest: app.authenticate, config: { rateLimit } },
    async (request, reply) => {
      const user = requireUser(request)
      await auth.endAllSessions(user.id)
      request.log.info({ userId: user.id }, 'signed out of all devices')
      clearSessionCookie(reply)
      return reply.status(204).send()
    },
  )

  r.post(
    '/api/auth/gmail/disconnect',
    { onRequest: app.authenticate, config: { rateLimit } },
    async (request) => {
      const user = await auth.disconnectGmail(requireUser(request))
      await deps.onGmailDisconnected(user.id)
      return { gmailConnected: user.gmailConnected }
    },
  )

  function readFlow(sealed: string | undefined) {
    if (!sealed) return null
    try {
      const flow = FlowSchema.parse(JSON.parse(cookieSecrets.open(sealed)))
      return flow.expiresAt > Date.now() ? flow : null
    } catch {
      return null
    }
  }
}
