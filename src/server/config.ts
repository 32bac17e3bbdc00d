import { existsSync } from 'node:fs'
import path from 'node:path'
import type { PlanPrices } from '../contract/billing.js'
import { EnvSchema, productionProblems, type Env } from './env.js'
import type { GmailPushConfig } from './features/mail/sync/push.js'
import { GMAIL_QUOTA, type GmailQuotaModel } from './features/mail/gmail/quota.js'

export type GoogleConfig =
  | { mode: 'google'; clientId: string; clientSecret: string }
  | { mode: 'standin'; clientId: string; clientSecret: string; port: number; url?: string }

export type InkwellMode = Env['INKWELL_MODE']

/** Which model writes drafts (decision 011); `offline` is the deterministic offline writer. */
export type AiProviderConfig =
  | { provider: 'offline' }
  | { provider: 'openai'; model: string; apiKey: string; baseUrl: string | undefined }
  | { provider: 'anthropic'; model: string; apiKey: string; baseUrl: string | undefined }
  | { provider: 'openai-compatible'; model: string; apiKey: string | undefined; baseUrl: string }

export type AiConfig = AiProviderConfig & {
  /** A provider call that has not finished by then fails (and its credit is refunded). */
  timeoutMs: number
  /** Quick retries (0 or 1) of a provider call that failed with a 429 or 5xx before any text. */
  maxRetries: number
  /** The cap on what a provider may write for one call (`maxOutputTokens`). */
  maxOutputTokens: number
}

export type StripeConfig =
  | { mode: 'stripe'; secretKey: string; webhookSecret: string }
  | { mode: 'standin'; secretKey: string; webhookSecret: string; port: number }

export type ScheduledSendConfig = {
  /** The earliest a Send later may be set, from now (the issue's 30 s). */
  minLeadSeconds: number
  /** How often each instance looks for due mail no job took (a kill -9's backstop). */
  sweepSeconds: number
  /** A send left `sending` this long was lost with its instance, and is taken over. */
  sendingStaleSeconds: number
  /** The first wait before trying again after Gmail failed on its side (then x4). */
  retryBaseSeconds: number
  /**
   * Due sends an instance's one worker takes in a fetch, and sends at once (decision 053):
   * taken one at a time, one worker sent one message a second (bench/scheduled-sends.ts: p99
   * 197 s late for 200 due at once), and sixteen polling workers cost 32 queries a second.
   */
  batchSize: number
  /**
   * How often the worker looks for due sends. An Undo send this instance accepted wakes it at
   * the window's end instead, so the window is not lengthened by the wait.
   */
  pollingSeconds: number
}

export type Config = {
  mode: InkwellMode
  env: Env['NODE_ENV']
  host: string
  port: number
  /** The public origin the browser uses; redirects and the Origin check are built on it. */
  appUrl: string
  logLevel: Env['LOG_LEVEL']
  /** Fastify's trustProxy: false (the connecting address is the client) or the proxies' addresses. */
  trustProxy: false | string[]
  dataDir: string
  databaseUrl: string | undefined
  embeddedPgPort: number
  /** The key that seals OAuth tokens first, then retired ones; empty only in demo mode. */
  tokenEncryptionKeys: string[]
  /** Seals short-lived cookies (the OAuth flow); never the same key as the tokens'. */
  cookieSecret: string | undefined
  google: GoogleConfig
  adminEmails: string[]
  /** A session ends this long after sign-in, however much it is used. */
  sessionTtlDays: number
  /** ...and sooner when it goes unused this long. */
  sessionIdleDays: number
  authRateLimitPerMinute: number
  /** Tickets an hour one client address may file through the public contact and help forms. */
  contactRateLimitPerHour: number
  mailSync: {
    windowDays: number
    concurrency: number
    workers: number
    firstPageSize: number
    pageSize: number
    backfillPageSize: number
  }
  /** Send later and Undo send's timings (decision 053); tests shorten them, users never. */
  scheduledSend: ScheduledSendConfig
  /** Gmail's quota table in use: every call's price comes from it. */
  /** Gmail push through Pub/Sub (decision 037); null: history polling only. */
  gmailPush: GmailPushConfig | null
  gmailQuotaModel: GmailQuotaModel
  /** Gmail's per-user quota the sync paces itself to; 0 = no pacing. */
  gmailQuotaUnitsPerMinute: number
  shutdownGraceMs: number
  ai: AiConfig
  /** The one source of plans and prices (decision 014), served by GET /api/plans. */
  plans: PlanPrices
  stripe: StripeConfig
}

/** Client id and secret the stand-in is seeded with; they never reach a real Google. */
export const STANDIN_OAUTH_CLIENT = {
  clientId: 'inkwell-demo.apps.googleusercontent.com',
  clientSecret: 'inkwell-demo-secret',
}

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' }

/** The AI provider the environment names, or the problem that stops start-up. */
function aiProvider(env: Env): AiProviderConfig | string {
  const { AI_PROVIDER: provider, AI_MODEL: model, AI_BASE_URL: baseUrl, AI_API_KEY: apiKey } = env
  switch (provider) {
    case undefined:
    case 'offline':
      return { provider: 'offline' }
    case 'openai':
    case 'anthropic':
      if (!apiKey) return `AI_PROVIDER=${provider} needs AI_API_KEY`
      return { provider, model: model ?? DEFAULT_MODELS[provider], apiKey, baseUrl }
    case 'openai-compatible':
      if (!baseUrl || !model) {
        return 'AI_PROVIDER=openai-compatible needs AI_BASE_URL (e.g. http://localhost:11434/v1) and AI_MODEL'
      }
      return { provider, model, apiKey, baseUrl }
  }
}

/**
 * What the demo's Stripe stand-in is seeded with and signs its webhooks with; they never
 * reach a real Stripe.
 */
export const STANDIN_STRIPE = {
  secretKey: 'sk_test_inkwell_demo',
  webhookSecret: 'whsec_inkwell_demo',
  monthlyPriceId: 'price_inkwell_pro_monthly',
  yearlyPriceId: 'price_inkwell_pro_yearly',
}

function stripeSettings(
  env: Env,
  problems: string[],
): { stripe: StripeConfig; monthly: string; yearly: string } {
  if (!env.STRIPE_SECRET_KEY) {
    return {
      stripe: {
        mode: 'standin',
        secretKey: STANDIN_STRIPE.secretKey,
        webhookSecret: STANDIN_STRIPE.webhookSecret,
        port: env.STRIPE_STANDIN_PORT,
      },
      monthly: env.STRIPE_PRICE_ID_MONTHLY ?? STANDIN_STRIPE.monthlyPriceId,
      yearly: env.STRIPE_PRICE_ID_YEARLY ?? STANDIN_STRIPE.yearlyPriceId,
    }
  }
  // With real Stripe nothing may be guessed: a wrong price id would sell the wrong thing.
  for (const name of [
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_ID_MONTHLY',
    'STRIPE_PRICE_ID_YEARLY',
  ] as const) {
    if (!env[name]) problems.push(`${name}: required when STRIPE_SECRET_KEY is set`)
  }
  return {
    stripe: {
      mode: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    },
    monthly: env.STRIPE_PRICE_ID_MONTHLY ?? '',
    yearly: env.STRIPE_PRICE_ID_YEARLY ?? '',
  }
}

/** Settings the server cannot start with, each line naming its setting and what is wrong. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (see .env.example):\n${problems.map((p) => `  ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment once; fails with the list of what is wrong (a ConfigError). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const env = parsed.data
  const problems: string[] = []
  // An unverified push endpoint would let anyone start syncs: one way of proof is required.
  if (env.GMAIL_PUBSUB_TOPIC && !env.GMAIL_PUSH_AUDIENCE && !env.GMAIL_PUSH_TOKEN) {
    problems.push(
      'GMAIL_PUBSUB_TOPIC: needs GMAIL_PUSH_AUDIENCE (OIDC) or GMAIL_PUSH_TOKEN to verify pushes',
    )
  }
  if (env.INKWELL_MODE === 'production') problems.push(...productionProblems(env))
  if (env.TOKEN_ENCRYPTION_KEY && env.TOKEN_ENCRYPTION_KEY === env.COOKIE_SECRET) {
    problems.push('COOKIE_SECRET: must differ from TOKEN_ENCRYPTION_KEY (one key, one purpose)')
  }
  const hasClientId = Boolean(env.GOOGLE_CLIENT_ID)
  const hasSecret = Boolean(env.GOOGLE_CLIENT_SECRET)
  if (hasClientId !== hasSecret) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together')
  }
  const google: GoogleConfig =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { mode: 'google', clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : {
          mode: 'standin',
          ...STANDIN_OAUTH_CLIENT,
          port: env.GOOGLE_STANDIN_PORT,
          url: env.GOOGLE_STANDIN_URL,
        }

  const ai = aiProvider(env)
  if (typeof ai === 'string') problems.push(ai)

  const adminEmails = (env.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)

  const billing = stripeSettings(env, problems)
  const currency = env.PRICE_CURRENCY.toLowerCase()
  if (problems.length || typeof ai === 'string') throw new ConfigError(problems)

  return {
    mode: env.INKWELL_MODE,
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    tokenEncryptionKeys: env.TOKEN_ENCRYPTION_KEY
      ? [env.TOKEN_ENCRYPTION_KEY, ...env.TOKEN_ENCRYPTION_KEYS_RETIRED]
      : [],
    cookieSecret: env.COOKIE_SECRET,
    google,
    adminEmails,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    sessionIdleDays: env.SESSION_IDLE_DAYS,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    contactRateLimitPerHour: env.CONTACT_RATE_LIMIT_PER_HOUR,
    scheduledSend: {
      minLeadSeconds: 30,
      sweepSeconds: 30,
      // Gmail's send call times out after 60 s; the clean-up after it takes a few more.
      sendingStaleSeconds: 90,
      retryBaseSeconds: 30,
      batchSize: 50,
      pollingSeconds: 2,
    },
    mailSync: {
      windowDays: env.MAIL_SYNC_WINDOW_DAYS,
      concurrency: env.MAIL_SYNC_CONCURRENCY,
      workers: env.MAIL_SYNC_WORKERS,
      firstPageSize: 50,
      pageSize: 100,
      // A backfill step: 10 + 25 × 40 units, small beside the 6,000-a-minute budget.
      backfillPageSize: 25,
    },
    gmailPush: env.GMAIL_PUBSUB_TOPIC
      ? {
          topic: env.GMAIL_PUBSUB_TOPIC,
          audience: env.GMAIL_PUSH_AUDIENCE,
          serviceAccount: env.GMAIL_PUSH_SERVICE_ACCOUNT,
          token: env.GMAIL_PUSH_TOKEN,
        }
      : null,
    gmailQuotaModel: env.GMAIL_QUOTA_MODEL,
    gmailQuotaUnitsPerMinute:
      env.GMAIL_QUOTA_UNITS_PER_MINUTE ?? GMAIL_QUOTA[env.GMAIL_QUOTA_MODEL].unitsPerMinute,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    ai: {
      ...ai,
      timeoutMs: env.AI_TIMEOUT_MS,
      maxRetries: env.AI_MAX_RETRIES,
      maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    },
    plans: {
      free: { aiEmailsPerMonth: env.FREE_AI_EMAILS_PER_MONTH },
      pro: {
        monthly: {
          interval: 'monthly',
          priceId: billing.monthly,
          amountMinor: env.PRO_MONTHLY_PRICE_CENTS,
          currency,
        },
        yearly: {
          interval: 'yearly',
          priceId: billing.yearly,
          amountMinor: env.PRO_YEARLY_PRICE_CENTS,
          currency,
        },
      },
    },
    stripe: billing.stripe,
  }
}

/**
 * loadConfig for the process entry: a wrong setting ends the process with exit code 1 and the
 * list of what is wrong on stderr, without a stack trace, which would only bury the list.
 */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(source)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

/** Loads `.env` from the working directory when there is one (real env vars win). */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}
