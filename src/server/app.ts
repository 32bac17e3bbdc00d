import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import type { Pool } from 'pg'
import type Stripe from 'stripe'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify'
import compress from '@fastify/compress'
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
import { createEventBus } from './lib/events.js'
import { startJobQueue } from './lib/jobs.js'
import { contentSecurityPolicy, noStoreForApi } from './lib/security-headers.js'
import { contractValidatorCompiler } from './lib/validation.js'
import { createAuthRepository } from './features/auth/repository.js'
import { createAuthService } from './features/auth/service.js'
import { createAuthenticate, sessionCookieFor } from './features/auth/session.js'
import { scheduleHousekeeping } from './lib/housekeeping.js'
import { postgresRateLimitStore, purgeEndedRateLimitWindows } from './lib/rate-limit-store.js'
import { authRoutes } from './features/auth/routes.js'
import { REAL_GOOGLE, type GoogleOAuth } from './features/auth/google.js'
import { createMailModule, mailHousekeeping } from './features/mail/module.js'
import { eventRoutes } from './features/events/routes.js'
import { mailFrameRoutes } from './features/mail-frame/routes.js'
import { billingRoutes } from './features/billing/routes.js'
import { createBillingRepository } from './features/billing/repository.js'
import { createBillingService } from './features/billing/service.js'
import { createCreditsService } from './features/billing/credits.js'
import { createAiRepository } from './features/ai/repository.js'
import { createAiService } from './features/ai/service.js'
import { createWriterModel } from './features/ai/writer/models.js'
import { aiRoutes } from './features/ai/routes.js'
import { createContactsRepository } from './features/contacts/repository.js'
import { createContactsService } from './features/contacts/service.js'
import { contactsRoutes } from './features/contacts/routes.js'
import { createProfilesRepository } from './features/profiles/repository.js'
import { createProfilesService } from './features/profiles/service.js'
import { profilesRoutes } from './features/profiles/routes.js'
import { createAccountRepository } from './features/account/repository.js'
import { createAccountService } from './features/account/service.js'
import { accountRoutes } from './features/account/routes.js'
import { healthRoutes } from './features/health/routes.js'
import { createSupportRepository } from './features/support/repository.js'
import { createSupportService } from './features/support/service.js'
import { supportRoutes } from './features/support/routes.js'
import { createTemplatesRepository } from './features/templates/repository.js'
import { createTemplatesService } from './features/templates/service.js'
import { templatesRoutes } from './features/templates/routes.js'
import { siteRoutes } from './features/site/routes.js'
import { documentWithMeta, isAppPath, PAGE_META, PRERENDERED_PAGES } from '../contract/site.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook for routes that need a signed-in user: 401 before the body is even read. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** From now on `/readyz` answers 503, so a load balancer stops sending new requests. */
    startDraining: () => void
  }
}

export type AppDeps = {
  config: Config
  db: Database
  /** The pool behind `db`, for what needs one connection throughout (advisory locks). */
  pool: Pool
  /** Seals OAuth tokens at rest. */
  secrets: SecretBox
  /** Seals short-lived cookies (the OAuth flow); a different key from `secrets`. */
  cookieSecrets: SecretBox
  /** null when Google is not configured: sign-in then answers oauth_config. */
  google: GoogleOAuth | null
  /** The Stripe client: real Stripe, or the local stand-in in demo mode and tests. */
  stripe: Stripe
  /** Folder of the built web app to serve, or null for an API-only server (tests, dev). */
  webRoot: string | null
  /** The clock for monthly credits; tests set the date. */
  clock?: () => Date
  /** Sees each route as it is added: the fuzz test builds its requests from their schemas. */
  onRoute?: (route: RouteOptions) => void
}

const COMPRESSIBLE =
  /^(application\/(json|javascript|manifest\+json|xml)|text\/(html|css|plain|javascript|xml)|image\/svg\+xml)(;|$)/

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
    // Only the proxies the operator names may say who the client is (TRUST_PROXY).
    trustProxy: config.trustProxy,
    bodyLimit: 36 * 1024 * 1024, // Gmail's 25 MB message limit, base64-encoded, plus JSON
    // Every log line of a request carries its id; a proxy's X-Request-Id is kept when it is a
    // plausible id, so one request can be followed from the proxy's log into ours.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID()
    },
    // A URL the router refuses (bad percent-encoding, a too long id) gets our error shape too.
    frameworkErrors: (error, request, reply) => {
      void handleError(error, request, reply)
    },
  })
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  app.setValidatorCompiler(contractValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  app.decorateRequest('user', null)

  await app.register(cookie)
  // Text answers go out brotli- or gzip-compressed (decision 024). Only these types: event
  // streams must reach the browser as written, and images, PDFs and attachments' opaque bytes
  // are compressed already or not ours to touch.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  })
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config.appUrl) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Says what the CSP's frame-ancestors 'none' says, for browsers that only read this one.
    xFrameOptions: { action: 'deny' },
    // HSTS only means something on https; on the plain-http demo it would only confuse.
    strictTransportSecurity: config.appUrl.startsWith('https://'),
  })
  app.addHook('onSend', noStoreForApi)
  // Counted in PostgreSQL, so a limit holds across every instance (decision 021).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(deps.pool) })
  registerErrorHandler(app)
  let draining = false
  app.decorate('startDraining', () => {
    draining = true
  })
  await app.register(healthRoutes, { pool: deps.pool, isDraining: () => draining })
  registerOriginCheck(app, [config.appUrl])

  // Services: background work and live events go through PostgreSQL, so instances share them.
  const jobs = await startJobQueue(deps.pool, app.log)
  const events = await createEventBus(deps.pool, app.log)
  // Workers finish the jobs they hold before the database goes away; then the listener.
  app.addHook('onClose', async () => {
    await jobs.stop()
    await events.close()
  })
  const auth = createAuthService({
    repo: createAuthRepository(deps.db),
    google: deps.google,
    secrets: deps.secrets,
    adminEmails: config.adminEmails,
    sessionTtlDays: config.sessionTtlDays,
    sessionIdleDays: config.sessionIdleDays,
    log: app.log,
  })
  app.decorate('sessionCookie', sessionCookieFor(config.appUrl))
  app.decorate('authenticate', createAuthenticate(auth))
  const stopHousekeeping = scheduleHousekeeping(
    [
      { name: 'expired sessions', run: () => auth.purgeExpiredSessions() },
      { name: 'ended rate-limit windows', run: () => purgeEndedRateLimitWindows(deps.pool) },
      ...mailHousekeeping(deps.db),
      { name: 'job leases of stopped instances', run: () => jobs.leases.purge() },
    ],
    app.log,
  )
  app.addHook('onClose', async () => stopHousekeeping())
  // Mail's background work starts here and its stop hooks follow the ones above (module.ts).
  const mail = await createMailModule(app, {
    db: deps.db,
    pool: deps.pool,
    config,
    auth,
    jobs,
    events,
    apiRootUrl: deps.google?.settings.endpoints.apiRootUrl ?? REAL_GOOGLE.apiRootUrl,
  })
  const contacts = createContactsService({
    repo: createContactsRepository(deps.db),
    mail: mail.service,
  })
  const profiles = createProfilesService({ repo: createProfilesRepository(deps.db) })
  const billingRepo = createBillingRepository(deps.db)
  const billing = createBillingService({
    repo: billingRepo,
    stripe: deps.stripe,
    plans: config.plans,
    webhookSecret: config.stripe.webhookSecret,
    appUrl: config.appUrl,
    refetchSubscriptions: config.stripe.mode === 'stripe',
    log: app.log,
    now: deps.clock,
  })
  const account = createAccountService({
    repo: createAccountRepository(deps.db),
    auth,
    billing,
    contacts,
    profiles,
  })
  const credits = createCreditsService({
    repo: billingRepo,
    freeAiEmailsPerMonth: config.plans.free.aiEmailsPerMonth,
    now: deps.clock ?? (() => new Date()),
  })
  const templates = createTemplatesService({
    repo: createTemplatesRepository(deps.db),
    now: deps.clock,
  })
  const ai = createAiService({
    repo: createAiRepository(deps.db),
    credits,
    contacts,
    profiles,
    templates,
    settings: account,
    mail: mail.service,
    jobs,
    writer: createWriterModel(config.ai),
    limits: config.ai,
    now: deps.clock ?? (() => new Date()),
    log: app.log,
  })
  await ai.start()

  // Routes.
  await app.register(authRoutes, {
    auth,
    google: deps.google,
    cookieSecrets: deps.cookieSecrets,
    // Secure cookies need https; the local demo runs on plain http.
    secureCookies: config.appUrl.startsWith('https://'),
    rateLimitPerMinute: config.authRateLimitPerMinute,
    demo: config.google.mode === 'standin',
    // Disconnecting Gmail forgets the mailbox too: the cache and the badge go with the grant.
    onGmailDisconnected: (userId) => mail.service.forgetMailbox(userId),
  })
  await app.register(billingRoutes, { billing })
  await app.register(contactsRoutes, { contacts })
  await app.register(profilesRoutes, { profiles })
  await app.register(accountRoutes, { account })
  await app.register(templatesRoutes, { templates })
  await app.register(supportRoutes, {
    support: createSupportService({ repo: createSupportRepository(deps.db) }),
    auth,
    ticketsPerHour: config.contactRateLimitPerHour,
  })
  await app.register(aiRoutes, { ai })
  await mail.registerRoutes(ai.recordSent)
  await app.register(eventRoutes, { events, onConnect: (userId) => mail.watch(userId) })
  await app.register(siteRoutes, { appUrl: config.appUrl })
  await app.register(mailFrameRoutes)

  if (deps.webRoot) await serveWebApp(app, deps.webRoot)
  else app.setNotFoundHandler(sendApiNotFound)
  return app
}

/**
 * Serves the built SPA; any other page GET gets index.html (client routing). Every file goes
 * through `webRootFile`, so what a request is answered never depends on what exists outside
 * the web root.
 */
async function serveWebApp(app: FastifyInstance, webRoot: string) {
  const root = path.resolve(webRoot)
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The web app is not built in ${root}; run \`npm run build\``)
  }
  // serve: false: no routes of its own, only reply.sendFile for the handler below.
  // preCompressed: the build writes .br and .gz beside each asset (scripts/precompress.mjs);
  // they go out as they are, and @fastify/compress leaves an encoded answer alone.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  // The public pages are prerendered documents (decision 017), not the SPA's empty shell.
  for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
    if (!existsSync(path.join(root, file))) continue
    app.get(route, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file))
  }
  const template = readFileSync(path.join(root, 'index.html'), 'utf8')
  const pageDocuments = new Map<string, string>()
  for (const [page, meta] of Object.entries(PAGE_META)) {
    const document = documentWithMeta(template, meta)
    if (document) pageDocuments.set(page, document)
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = ['GET', 'HEAD'].includes(request.method) && !request.url.startsWith('/api/')
    if (!isPage) return sendApiNotFound(request, reply)
    const file = webRootFile(root, request.url.split('?')[0] ?? '/')
    // Built assets carry a content hash in their names: they never change.
    if (file?.startsWith('assets/')) return reply.sendFile(file, { maxAge: '1y', immutable: true })
    // Chromium asks for the page's icon again at each in-app navigation (every conversation
    // opened) while it must be revalidated: a day's freshness spares that request.
    if (file === 'favicon.svg') return reply.sendFile(file, { maxAge: '1d' })
    if (file) return reply.sendFile(file)
    // A missing asset is a page of an older build: index.html would be run as a script.
    if (request.url.startsWith('/assets/')) return sendApiNotFound(request, reply)
    const pathname = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1')
    // The public pages the app renders, and its 404 page, have their own head for search
    // results and link previews; the 404 page is said with the status too, for a crawler, a
    // monitor or a link checker. The app is sent either way and shows its own 404 page.
    const known = isAppPath(pathname)
    const own = known ? pageDocuments.get(pathname) : pageDocuments.get('notFound')
    reply.code(known ? 200 : 404).header('cache-control', 'no-cache')
    if (own) return reply.type('text/html; charset=utf-8').send(own)
    return reply.sendFile('index.html', { cacheControl: false })
  })
}

/**
 * The file inside `root` a URL path names, relative to the root, or null. The path is decoded
 * once and normalised from `/`, so `..` (plain or percent-encoded) cannot climb above the root:
 * `/../package.json` is looked for as `<root>/package.json`, like a browser would resolve it.
 */
function webRootFile(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const resolved = path.join(root, path.posix.normalize(`/${decoded.replaceAll('\\', '/')}`))
  if (!resolved.startsWith(root + path.sep)) return null
  const stat = statSync(resolved, { throwIfNoEntry: false })
  return stat?.isFile() ? path.relative(root, resolved).split(path.sep).join('/') : null
}
