import path from 'node:path'
import { existsSync } from 'node:fs'
import type { Pool } from 'pg'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { SecretBox } from './lib/crypto.js'
import { handleError, registerErrorHandler, sendApiNotFound } from './lib/error-handler.js'
import { logSerializers } from './lib/log-serializers.js'
import { registerOriginCheck } from './lib/origin-check.js'
import { contentSecurityPolicy } from './lib/security-headers.js'
import { contractValidatorCompiler } from './lib/validation.js'
import { createAuthRepository } from './features/auth/repository.js'
import { createAuthService } from './features/auth/service.js'
import { createAuthenticate } from './features/auth/session.js'
import { authRoutes } from './features/auth/routes.js'
import { REAL_GOOGLE, type GoogleOAuth } from './features/auth/google.js'
import { createMailRepository } from './features/mail/repository.js'
import { createMailService } from './features/mail/service.js'
import { createMailSync } from './features/mail/sync.js'
import { mailRoutes } from './features/mail/routes.js'
import { billingRoutes } from './features/billing/routes.js'
import { createContactsRepository } from './features/contacts/repository.js'
import { createContactsService } from './features/contacts/service.js'
import { contactsRoutes } from './features/contacts/routes.js'
import { createProfilesRepository } from './features/profiles/repository.js'
import { createProfilesService } from './features/profiles/service.js'
import { profilesRoutes } from './features/profiles/routes.js'
import { createAccountRepository } from './features/account/repository.js'
import { createAccountService } from './features/account/service.js'
import { accountRoutes } from './features/account/routes.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook for routes that need a signed-in user: 401 before the body is even read. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

export type AppDeps = {
  config: Config
  db: Database
  /** The pool behind `db`, for what needs one connection throughout (advisory locks). */
  pool: Pool
  secrets: SecretBox
  /** null when Google is not configured: sign-in then answers oauth_config. */
  google: GoogleOAuth | null
  /** Folder of the built web app to serve, or null for an API-only server (tests, dev). */
  webRoot: string | null
  /** Sees each route as it is added: the fuzz test builds its requests from their schemas. */
  onRoute?: (route: RouteOptions) => void
}

/** Builds the whole server: plugins, then services, then routes. Tests call it directly. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Logs carry no content: no query strings, no query parameters (decision 008).
            serializers: logSerializers,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
          },
    trustProxy: config.env === 'production',
    bodyLimit: 36 * 1024 * 1024, // Gmail's 25 MB message limit, base64-encoded, plus JSON
    // A URL the router refuses (bad percent-encoding, a too long id) gets our error shape too.
    frameworkErrors: handleError,
  })
  app.setValidatorCompiler(contractValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  app.decorateRequest('user', null)

  await app.register(cookie)
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config.appUrl) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // HSTS only means something on https; on the plain-http demo it would only confuse.
    strictTransportSecurity: config.appUrl.startsWith('https://'),
  })
  await app.register(rateLimit, { global: false })
  registerErrorHandler(app)
  registerOriginCheck(app, [config.appUrl])

  const auth = createAuthService({
    repo: createAuthRepository(deps.db),
    google: deps.google,
    secrets: deps.secrets,
    adminEmails: config.adminEmails,
    sessionTtlDays: config.sessionTtlDays,
    log: app.log,
  })
  app.decorate('authenticate', createAuthenticate(auth))
  const mailRepo = createMailRepository(deps.db, deps.pool)
  const contacts = createContactsService({ repo: createContactsRepository(deps.db) })
  const profiles = createProfilesService({ repo: createProfilesRepository(deps.db) })
  const account = createAccountService({
    repo: createAccountRepository(deps.db),
    auth,
    contacts,
    profiles,
  })

  await app.register(authRoutes, {
    auth,
    google: deps.google,
    secrets: deps.secrets,
    // Secure cookies need https; the local demo runs on plain http.
    secureCookies: config.appUrl.startsWith('https://'),
    rateLimitPerMinute: config.authRateLimitPerMinute,
    demo: config.google.mode === 'standin',
  })
  await app.register(billingRoutes)
  await app.register(contactsRoutes, { contacts })
  await app.register(profilesRoutes, { profiles })
  await app.register(accountRoutes, { account })
  const mail = createMailService({
    repo: mailRepo,
    sync: createMailSync({ repo: mailRepo, options: config.mailSync, log: app.log }),
    auth,
    apiRootUrl: deps.google?.settings.endpoints.apiRootUrl ?? REAL_GOOGLE.apiRootUrl,
    quotaUnitsPerMinute: config.gmailQuotaUnitsPerMinute,
    log: app.log,
  })
  await app.register(mailRoutes, { mail })
  // Let background syncs finish before the database goes away.
  app.addHook('onClose', () => mail.idle())

  if (deps.webRoot) await serveWebApp(app, deps.webRoot)
  else app.setNotFoundHandler(sendApiNotFound)
  return app
}

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client routing). */
async function serveWebApp(app: FastifyInstance, webRoot: string) {
  const root = path.resolve(webRoot)
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The web app is not built in ${root}; run \`npm run build\``)
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false })
  app.get('/assets/*', (request, reply) => {
    const file = (request.params as { '*': string })['*']
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .sendFile(`assets/${file}`)
  })
  app.setNotFoundHandler((request, reply) => {
    const isPage = ['GET', 'HEAD'].includes(request.method) && !request.url.startsWith('/api/')
    if (!isPage) return sendApiNotFound(request, reply)
    const file = request.url.split('?')[0] ?? '/'
    if (path.extname(file) && existsSync(path.join(root, file))) return reply.sendFile(file)
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
