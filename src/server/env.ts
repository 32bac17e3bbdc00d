/**
 * What the environment may say (every setting `.env.example` lists), read and checked before
 * anything starts: each wrong value is named with why, and production's missing settings are
 * listed together. config.ts turns what passes into the runtime configuration.
 */
import { isIP } from 'node:net'
import { z } from 'zod'
import { GMAIL_QUOTA_MODELS } from './features/mail/gmail/quota.js'

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

export const EnvSchema = z.object({
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

/**
 * What production cannot run with, each named with why: a missing setting (stand-ins are
 * demo-only), or an address that would leave sign-in cookies and HSTS off.
 */
export function productionProblems(env: Env): string[] {
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
