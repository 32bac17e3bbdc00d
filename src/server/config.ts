import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { PlanPrices } from '../contract/billing.js'
import type { GmailPushConfig } from './features/mail/sync/push.js'
import {
  GMAIL_QUOTA,
  GMAIL_QUOTA_MODELS,
  type GmailQuotaModel,
} from './features/mail/gmail/quota.js'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const base64Key = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)

/** proxy-addr's names for address ranges, usable in TRUST_PROXY like addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

const EVERYONE =
  'trusts every address: any client could then forge its own in X-Forwarded-For and slip past the rate limits; list your proxies instead'

/** The bits a contiguous IPv4 netmask (255.255.0.0) stands for, or null for any other mask. */
function netmaskBits(mask: string): number | null {
  if (isIP(mask) !== 4) return null
  const binary = mask
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('')
  if (!/^1*0*$/.test(binary)) return null
  const ones = binary.indexOf('0')
  return ones === -1 ? 32 : ones
}

/**
 * What is wrong with one TRUST_PROXY entry, or null when Fastify's proxy-addr takes it: an
 * address (v4 or v6), an address with a prefix of 1 to 32 (or 128) bits or a v4 netmask, or
 * one of proxy-addr's range names. Addresses are read as node:net reads them, which is stricter
 * than proxy-addr (no `10.1` or octal `010.0.0.1`, which would not mean what they seem to).
 */
function proxyEntryProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.has(entry)) return null
  if (entry === 'true' || entry === '*') return `${entry} ${EVERYONE}`
  if (/^\d+$/.test(entry)) {
    return `${entry}: a hop count cannot tell your proxy from a client that connects directly; list the proxies' addresses`
  }
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  const notAddress = `${entry} is not an address, a CIDR (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`
  if (!family || rest.length) return notAddress
  if (prefix === undefined) return null
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : family === 4 ? netmaskBits(prefix) : null
  if (bits === null || bits > (family === 4 ? 32 : 128)) return notAddress
  return bits === 0 ? `${entry} ${EVERYONE}` : null
}

/**
 * Which proxies may say who the client is through X-Forwarded-For: none (empty, or `false`) or
 * the proxies' addresses. Never "everyone" (`true`, `0.0.0.0/0`): any client could then forge
 * its address, slip past the sign-in rate limit and fake what the log records. Nor a hop count:
 * it cannot tell the proxy from a client that connects directly, which is why Fastify 5 ignores
 * one (trusts nothing). Every other value proxy-addr would throw on at start-up (with a stack
 * trace) is named here instead.
 */
const TrustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): string[] | false => {
      if (value === undefined || value.trim() === 'false') return false
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)
      const problems = entries.map(proxyEntryProblem).filter((p) => p !== null)
      if (problems.length) {
        ctx.addIssue({ code: 'custom', message: problems.join('; ') })
        return z.NEVER
      }
      return entries.length ? entries : false
    }),
)

const EnvSchema = z.object({
  /**
   * demo: stand-ins for whatever is not configured, keys generated under DATA_DIR (what
   * `npm start` and the tests run). production: every real service configured, or no start.
   */
  INKWELL_MODE: z.enum(['demo', 'production']).default('production'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port(3000),
  APP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  ),
  /** Production only: lets APP_URL be plain http, for a private network nobody else reaches. */
  ALLOW_INSECURE_HTTP: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1'], { error: 'must be 1 (allow http) or empty' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxySchema,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  EMBEDDED_PG_PORT: port(5439),
  TOKEN_ENCRYPTION_KEY: z.preprocess(emptyToUndefined, base64Key.optional()),
  /** Keys rotated out: they still open what they sealed, nothing new is sealed with them. */
  TOKEN_ENCRYPTION_KEYS_RETIRED: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : [],
    z.array(base64Key),
  ),
  COOKIE_SECRET: z.preprocess(emptyToUndefined, base64Key.optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_STANDIN_PORT: port(4402),
  /** Demo mode: use the Google stand-in already running here instead of starting one. */
  GOOGLE_STANDIN_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  ADMIN_EMAILS: optionalString,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A session unused this long ends, before SESSION_TTL_DAYS if that comes first. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  MAIL_SYNC_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MAIL_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(25).default(20),
  /** Mailboxes one instance syncs at a time (each sync is a job any instance may take). */
  MAIL_SYNC_WORKERS: z.coerce.number().int().min(1).max(50).default(4),
  /** On SIGTERM, how long to keep serving after /readyz turns 503 (a load balancer's interval). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** Which of Gmail's quota tables the project is on (its creation date decides). */
  GMAIL_QUOTA_MODEL: z.enum(GMAIL_QUOTA_MODELS).default('2026'),
  /** The per-user budget to pace to; the model's own when empty, 0 = no pacing. */
  GMAIL_QUOTA_UNITS_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).optional(),
  ),
  /** Gmail push (decision 037): the Pub/Sub topic Gmail publishes mailbox changes to. */
  GMAIL_PUBSUB_TOPIC: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'must be projects/<project>/topics/<topic>')
      .optional(),
  ),
  /** The push subscription's OIDC audience; pushes must carry a Google-signed JWT for it. */
  GMAIL_PUSH_AUDIENCE: optionalString,
  /** The service account the push subscription signs its JWT as (checked when set). */
  GMAIL_PUSH_SERVICE_ACCOUNT: optionalString,
  /** A shared secret the push URL carries as ?token= (for subscriptions without OIDC). */
  GMAIL_PUSH_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  AI_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).optional(),
  ),
  AI_MODEL: optionalString,
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  AI_API_KEY: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Decision 046: a failing provider must reach the user within 2 s, so at most one quick
   * retry (on 429 or 5xx, before any text); the ai SDK's own retries wait 2 s and more.
   */
  AI_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1, 'must be 0 or 1: one quick retry at most, so a failure reaches the user within 2 s')
    .default(1),
  /** The longest answer a provider may write (sent as its max_tokens); a draft is a few hundred. */
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(100).max(16_000).default(800),
  FREE_AI_EMAILS_PER_MONTH: z.coerce.number().int().min(0).default(20),
  PRO_MONTHLY_PRICE_CENTS: z.coerce.number().int().min(1).default(900),
  PRO_YEARLY_PRICE_CENTS: z.coerce.number().int().min(1).default(9000),
  PRICE_CURRENCY: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO currency code')
    .default('usd'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID_MONTHLY: optionalString,
  STRIPE_PRICE_ID_YEARLY: optionalString,
  STRIPE_STANDIN_PORT: port(4412),
})

export type Env = z.infer<typeof EnvSchema>

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
 * What production cannot run with, each named with why: a missing setting (stand-ins are
 * demo-only), or an address that would leave sign-in cookies and HSTS off.
 */
function productionProblems(env: Env): string[] {
  const needs = (name: string, why: string) =>
    `${name}: required when INKWELL_MODE=production; ${why}`
  const problems: string[] = []
  if (!env.GOOGLE_CLIENT_ID) problems.push(needs('GOOGLE_CLIENT_ID', 'the Google OAuth client'))
  if (!env.GOOGLE_CLIENT_SECRET)
    problems.push(needs('GOOGLE_CLIENT_SECRET', 'the Google OAuth client'))
  if (!env.TOKEN_ENCRYPTION_KEY)
    problems.push(
      needs('TOKEN_ENCRYPTION_KEY', 'encrypts OAuth tokens at rest (openssl rand -base64 32)'),
    )
  if (!env.COOKIE_SECRET)
    problems.push(needs('COOKIE_SECRET', 'seals the sign-in flow cookie (openssl rand -base64 32)'))
  if (!env.DATABASE_URL) problems.push(needs('DATABASE_URL', 'the PostgreSQL database'))
  if (!env.APP_URL) problems.push(needs('APP_URL', 'the public https address people open'))
  // Over http the session cookie cannot be Secure (nor __Host-) and HSTS is off: anyone on the
  // path reads the session. Only a network nobody else is on may choose that, and must say so.
  if (env.APP_URL?.startsWith('http:') && env.ALLOW_INSECURE_HTTP !== '1') {
    problems.push(
      `APP_URL: must be https in production (${env.APP_URL} would send sessions in the clear); ALLOW_INSECURE_HTTP=1 allows http on a private network only`,
    )
  }
  // The Stripe stand-in approves any card: production without real Stripe would give Pro away.
  if (!env.STRIPE_SECRET_KEY)
    problems.push(needs('STRIPE_SECRET_KEY', 'payments (with its webhook secret and price ids)'))
  return problems
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
