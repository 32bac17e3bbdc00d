import { existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Plans } from '../contract/billing.js'

/** The demo accounts the Google stand-in is seeded with; the first is the demo admin. */
export const DEMO_ACCOUNTS = [
  { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' },
  { email: 'sam.rivera@inkwell.demo', name: 'Sam Rivera' },
] as const

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port(3000),
  APP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  EMBEDDED_PG_PORT: port(5439),
  TOKEN_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_STANDIN_PORT: port(4402),
  ADMIN_EMAILS: optionalString,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  MAIL_SYNC_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MAIL_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(25).default(20),
  GMAIL_QUOTA_UNITS_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
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
  | { mode: 'standin'; clientId: string; clientSecret: string; port: number }

export type StripeConfig =
  | { mode: 'stripe'; secretKey: string; webhookSecret: string }
  | { mode: 'standin'; secretKey: string; webhookSecret: string; port: number }

export type Config = {
  env: Env['NODE_ENV']
  host: string
  port: number
  /** The public origin the browser uses; redirects and the Origin check are built on it. */
  appUrl: string
  logLevel: Env['LOG_LEVEL']
  dataDir: string
  databaseUrl: string | undefined
  embeddedPgPort: number
  tokenEncryptionKey: string | undefined
  google: GoogleConfig
  adminEmails: string[]
  sessionTtlDays: number
  authRateLimitPerMinute: number
  /** Tickets an hour one client address may file through the public contact and help forms. */
  contactRateLimitPerHour: number
  mailSync: { windowDays: number; concurrency: number; firstPageSize: number; pageSize: number }
  /** Gmail's per-user quota the sync paces itself to; 0 = no pacing. */
  gmailQuotaUnitsPerMinute: number
  /** The one source of plans and prices (D16), served by GET /api/plans. */
  plans: Plans
  stripe: StripeConfig
}

/** Client id and secret the stand-in is seeded with; they never reach a real Google. */
export const STANDIN_OAUTH_CLIENT = {
  clientId: 'inkwell-demo.apps.googleusercontent.com',
  clientSecret: 'inkwell-demo-secret',
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

function stripeSettings(env: Env): { stripe: StripeConfig; monthly: string; yearly: string } {
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
  const missing = (
    ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID_MONTHLY', 'STRIPE_PRICE_ID_YEARLY'] as const
  ).filter((name) => !env[name])
  if (missing.length) {
    const lines = missing.map((name) => `  ${name}: required when STRIPE_SECRET_KEY is set`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    stripe: {
      mode: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    },
    monthly: env.STRIPE_PRICE_ID_MONTHLY!,
    yearly: env.STRIPE_PRICE_ID_YEARLY!,
  }
}

/** Parses the environment once; fails with the list of what is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  const hasClientId = Boolean(env.GOOGLE_CLIENT_ID)
  const hasSecret = Boolean(env.GOOGLE_CLIENT_SECRET)
  if (hasClientId !== hasSecret) {
    throw new Error(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    )
  }
  const google: GoogleConfig =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { mode: 'google', clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : { mode: 'standin', ...STANDIN_OAUTH_CLIENT, port: env.GOOGLE_STANDIN_PORT }

  // In demo mode the first demo account is the admin, so the admin panel can be tried.
  const adminEmails = (
    env.ADMIN_EMAILS ?? (google.mode === 'standin' ? DEMO_ACCOUNTS[0].email : '')
  )
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)

  const billing = stripeSettings(env)
  const currency = env.PRICE_CURRENCY.toLowerCase()

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY,
    google,
    adminEmails,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    contactRateLimitPerHour: env.CONTACT_RATE_LIMIT_PER_HOUR,
    mailSync: {
      windowDays: env.MAIL_SYNC_WINDOW_DAYS,
      concurrency: env.MAIL_SYNC_CONCURRENCY,
      firstPageSize: 50,
      pageSize: 100,
    },
    gmailQuotaUnitsPerMinute: env.GMAIL_QUOTA_UNITS_PER_MINUTE,
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

/** Loads `.env` from the working directory when there is one (real env vars win). */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}
