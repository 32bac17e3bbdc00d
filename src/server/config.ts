import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from './standins/demo-accounts.js'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)

/** proxy-addr's names for address ranges, usable in TRUST_PROXY like addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

/**
 * Which proxies may say who the client is through X-Forwarded-For: none (empty) or the
 * proxies' addresses. Never "everyone": any client could then forge its address, slip past the
 * sign-in rate limit and fake what the log records. Nor a hop count: it cannot tell the proxy
 * from a client that connects directly, which is why Fastify 5 ignores one (trusts nothing).
 */
const TrustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): string[] | false => {
      if (value === undefined) return false
      const entries = value.split(',').map((e) => e.trim())
      const bad = entries.filter((e) => !isProxyAddress(e))
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must list the proxies' addresses or CIDRs (a hop count cannot tell a proxy from a client); not: ${bad.join(', ')}`,
        })
        return z.NEVER
      }
      return entries
    }),
)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port(3000),
  APP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxySchema,
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
  MAIL_SYNC_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MAIL_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(25).default(20),
  GMAIL_QUOTA_UNITS_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
})

export type Env = z.infer<typeof EnvSchema>

export type GoogleConfig =
  | { mode: 'google'; clientId: string; clientSecret: string }
  | { mode: 'standin'; clientId: string; clientSecret: string; port: number }

export type Config = {
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
  tokenEncryptionKey: string | undefined
  google: GoogleConfig
  adminEmails: string[]
  sessionTtlDays: number
  authRateLimitPerMinute: number
  mailSync: { windowDays: number; concurrency: number; firstPageSize: number; pageSize: number }
  /** Gmail's per-user quota the sync paces itself to; 0 = no pacing. */
  gmailQuotaUnitsPerMinute: number
}

/** Client id and secret the stand-in is seeded with; they never reach a real Google. */
export const STANDIN_OAUTH_CLIENT = {
  clientId: 'inkwell-demo.apps.googleusercontent.com',
  clientSecret: 'inkwell-demo-secret',
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

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY,
    google,
    adminEmails,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    mailSync: {
      windowDays: env.MAIL_SYNC_WINDOW_DAYS,
      concurrency: env.MAIL_SYNC_CONCURRENCY,
      firstPageSize: 50,
      pageSize: 100,
    },
    gmailQuotaUnitsPerMinute: env.GMAIL_QUOTA_UNITS_PER_MINUTE,
  }
}

/** Loads `.env` from the working directory when there is one (real env vars win). */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}
