import path from 'node:path'
import { existsSync } from 'node:fs'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { SecretBox } from './lib/crypto.js'
import { registerErrorHandler, sendApiNotFound } from './lib/error-handler.js'
import { registerOriginCheck } from './lib/origin-check.js'
import { contentSecurityPolicy } from './lib/security-headers.js'
import { createAuthRepository } from './features/auth/repository.js'
import { createAuthService } from './features/auth/service.js'
import { createAuthenticate } from './features/auth/session.js'
import { authRoutes } from './features/auth/routes.js'
import type { GoogleOAuth } from './features/auth/google.js'
import { billingRoutes } from './features/billing/routes.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handler for routes that need a signed-in user (401 otherwise). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

export type AppDeps = {
  config: Config
  db: Database
  secrets: SecretBox
  /** null when Google is not configured: sign-in then answers oauth_config. */
  google: GoogleOAuth | null
  /** Folder of the built web app to serve, or null for an API-only server (tests, dev). */
  webRoot: string | null
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
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.env === 'production',
    bodyLimit: 36 * 1024 * 1024, // Gmail's 25 MB message limit, base64-encoded, plus JSON
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
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
    return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(`assets/${file}`)
  })
  app.setNotFoundHandler((request, reply) => {
    const isPage = ['GET', 'HEAD'].includes(request.method) && !request.url.startsWith('/api/')
    if (!isPage) return sendApiNotFound(request, reply)
    const file = request.url.split('?')[0] ?? '/'
    if (path.extname(file) && existsSync(path.join(root, file))) return reply.sendFile(file)
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
