import type { FastifyInstance, RouteOptions } from 'fastify'
import { loadConfig, STANDIN_OAUTH_CLIENT, type Config } from '../config.js'
import { buildApp, type AppDeps } from '../app.js'
import { generateKey, SecretBox } from '../lib/crypto.js'
import { GoogleOAuth, standInEndpoints } from '../features/auth/google.js'
import { startGoogleStandIn, type GoogleStandIn, type StandInUser } from '../standins/google.js'
import { startStripeStandIn } from '../standins/stripe.js'
import { createStripeClient } from '../features/billing/stripe-client.js'
import { createTestDatabase } from './database.js'
import { freePort } from './free-port.js'

// Tests sign in through these; they live apart so the benchmarks can use them without Vitest.
export { chooseAccount, cookieFrom, signIn } from './google-sign-in.js'

export const APP_URL = 'http://localhost:3999'

export type Harness = Awaited<ReturnType<typeof startHarness>>

/**
 * The app as tests see it: a fresh database, the real Google stand-in over HTTP, and the
 * Fastify instance (called with `inject`). Nothing inside the app is mocked.
 */
export async function startHarness(
  options: {
    users?: StandInUser[]
    withMailbox?: boolean
    config?: Partial<Config>
    google?: 'standin' | 'unconfigured'
    /** Put something (a fault proxy) between the app and the stand-in's Gmail API. */
    gmailVia?: (standInUrl: string) => Promise<string>
    /** The app's clock (monthly credits); the real time when absent. */
    clock?: () => Date
    /** Put something between the app and the Stripe stand-in (an unreachable address). */
    stripeVia?: (standInUrl: string) => Promise<string>
    /** A built web app to serve, as production does. */
    webRoot?: string
  } = {},
) {
  const users = options.users ?? [
    { email: 'ada@example.com', name: 'Ada Lovelace' },
    { email: 'grace@example.com', name: 'Grace Hopper' },
  ]
  const database = await createTestDatabase()
  const redirectUri = `${APP_URL}/api/auth/google/callback`
  const standIn: GoogleStandIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [redirectUri],
    users,
    withMailbox: options.withMailbox ?? false,
  })
  const config: Config = {
    ...loadConfig({
      INKWELL_MODE: 'demo',
      NODE_ENV: 'test',
      // TEST_LOG_LEVEL=error shows what a failing request logged.
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      APP_URL,
      ADMIN_EMAILS: 'grace@example.com',
      GMAIL_QUOTA_UNITS_PER_MINUTE: '0',
    }),
    ...options.config,
  }
  const secrets = new SecretBox(generateKey())
  const cookieSecrets = new SecretBox(generateKey())
  const endpoints = standInEndpoints(standIn.url)
  if (options.gmailVia) endpoints.apiRootUrl = `${await options.gmailVia(standIn.url)}/`
  const google =
    options.google === 'unconfigured'
      ? null
      : new GoogleOAuth({ ...STANDIN_OAUTH_CLIENT, redirectUri, endpoints })
  // The Stripe stand-in delivers its signed events to the app under test, as Stripe would.
  const appUnderTest: { current?: FastifyInstance } = {}
  const stripeStandIn = await startStripeStandIn({
    port: 0,
    webhookSecret: config.stripe.webhookSecret,
    productName: 'Inkwell Pro',
    prices: [config.plans.pro.monthly, config.plans.pro.yearly],
    deliver: async (payload, signature) => {
      const response = await appUnderTest.current!.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      })
      return response.statusCode
    },
  })
  const stripeUrl = options.stripeVia
    ? await options.stripeVia(stripeStandIn.url)
    : stripeStandIn.url
  const stripe = createStripeClient(config.stripe.secretKey, stripeUrl)
  const routes: RouteOptions[] = []
  const deps: AppDeps = {
    config,
    db: database.db,
    pool: database.pool,
    secrets,
    cookieSecrets,
    google,
    stripe,
    webRoot: options.webRoot ?? null,
    clock: options.clock,
    onRoute: (route) => routes.push(route),
  }
  const app: FastifyInstance = await buildApp(deps)
  appUnderTest.current = app
  await app.ready()
  const instances: FastifyInstance[] = []
  return {
    /** A call as the signed-in browser makes it: its session cookie, same-origin writes. */
    call(
      session: string | undefined,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) {
      return app.inject({
        method,
        url,
        headers: method === 'GET' ? {} : sameOrigin,
        cookies: session ? { inkwell_session: session } : {},
        ...(payload ? { payload } : {}),
      })
    },
    /**
     * Refresh, waited for to its end (`Prefer: wait`): 200 with the sync's outcome, or its
     * failure's status. The app's own Refresh is answered 202 at once instead.
     */
    sync(session: string) {
      return app.inject({
        method: 'POST',
        url: '/api/gmail/sync',
        headers: { ...sameOrigin, prefer: 'wait=60' },
        cookies: { inkwell_session: session },
      })
    },
    app,
    /** Every route the app registered, with its schemas. */
    routes,
    db: database.db,
    pool: database.pool,
    standIn,
    stripeStandIn,
    stripe,
    secrets,
    /** The key of the app's own cookies (the sealed sign-in flow), to read what they hold. */
    cookieSecrets,
    config,
    /** A second server on the same database and Google, sharing nothing in memory. */
    async anotherInstance(): Promise<FastifyInstance> {
      const twin = await buildApp(deps)
      instances.push(twin)
      return twin
    },
    async close() {
      for (const twin of instances) await twin.close()
      await app.close()
      await standIn.close()
      await stripeStandIn.close()
      await database.drop()
    },
  }
}

/** Headers of a same-origin browser request, for state-changing calls. */
export const sameOrigin = { origin: APP_URL }
