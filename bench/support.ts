/** What every benchmark prints, waits and starts with: one definition of each. */
import { execFileSync, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
// The server's modules install no signal handlers when imported (unlike database.ts's embedded
// PostgreSQL), so the browser benches may import this file too.
import { buildApp } from '../src/server/app.js'
import { loadConfig, STANDIN_OAUTH_CLIENT, type Config } from '../src/server/config.js'
import type { Database } from '../src/server/db/client.js'
import { GoogleOAuth, standInEndpoints } from '../src/server/features/auth/google.js'
import { createStripeClient } from '../src/server/features/billing/stripe-client.js'
import { generateKey, SecretBox } from '../src/server/lib/crypto.js'
import { freePort } from '../src/server/test/free-port.js'

export const ms = (n: number) => `${n.toFixed(0)} ms`

/** The nearest-rank percentile `p` (0–100) of `values`, which need not be sorted. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  )
}

export const median = (values: number[]) => percentile(values, 50)

/** Waits until `url` answers 2xx (a server starting in another process), for up to 2 minutes. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer`)
}

/** Ends the process with the error when a bench's `main` fails, so a run fails rather than hangs. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}

// The in-process benchmarks' shared setup (ai-stream, burst, fairness, run, scale,
// scheduled-sends): the app built in this process, as tests build it, against the Google
// stand-in.

/**
 * The origin the in-process app believes it is served at: its Origin check and OAuth redirects
 * are built on it. Nothing listens there; requests reach the app by inject or its own port.
 */
export const BENCH_APP_URL = 'http://localhost:3999'

/** Where the stand-in's sign-in returns to: give it to the stand-in's `redirectUris`. */
export const BENCH_REDIRECT_URI = `${BENCH_APP_URL}/api/auth/google/callback`

export type BenchAppOptions = {
  /** The database the app uses: the bench's own, or one with a pool of its own (fairness.ts). */
  database: { db: Database; pool: pg.Pool }
  /** The Google stand-in: sign-in, and Gmail too unless `gmailUrl` is given. */
  standInUrl: string
  /** Where the app reaches Gmail's API instead of the stand-in: a proxy that adds latency or logs calls. */
  gmailUrl?: string
  /** The bench's own settings, added to (or over) the production-like ones every bench runs. */
  env?: Record<string, string>
  /** Changes no setting can make, to the configuration the settings gave. */
  adjust?: (config: Config) => Config
}

export type BenchApp = {
  app: FastifyInstance
  /** The configuration the app runs with (after `adjust`). */
  config: Config
  /** The configuration as the settings gave it, before `adjust`: what the product runs with. */
  loadedConfig: Config
  /** Seals the users' OAuth tokens in the database: opens them for calls straight to Gmail. */
  secrets: SecretBox
  /** The key behind `secrets`, for a server process of its own on the same database. */
  tokenKey: string
}

/**
 * The app in demo mode with production's settings (its logs silenced), signing in through the
 * Google stand-in at `standInUrl`, ready for `inject` or `listen`.
 */
export async function startBenchApp(options: BenchAppOptions): Promise<BenchApp> {
  const tokenKey = generateKey()
  const loadedConfig = loadConfig({
    INKWELL_MODE: 'demo',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    APP_URL: BENCH_APP_URL,
    // Production requires it. `secrets` seals with the same key, so that a server process given
    // this key (run.ts) opens the tokens this app sealed.
    TOKEN_ENCRYPTION_KEY: tokenKey,
    ...options.env,
  })
  const config = options.adjust ? options.adjust(loadedConfig) : loadedConfig
  const secrets = new SecretBox(tokenKey)
  const endpoints = standInEndpoints(options.standInUrl)
  if (options.gmailUrl) endpoints.apiRootUrl = `${options.gmailUrl}/`
  const app = await buildApp({
    config,
    db: options.database.db,
    pool: options.database.pool,
    secrets,
    cookieSecrets: new SecretBox(generateKey()),
    google: new GoogleOAuth({
      ...STANDIN_OAUTH_CLIENT,
      redirectUri: BENCH_REDIRECT_URI,
      endpoints,
    }),
    // No bench makes a billing call: the client is never used.
    stripe: createStripeClient(config.stripe.secretKey),
    webRoot: null,
  })
  await app.ready()
  return { app, config, loadedConfig, secrets, tokenKey }
}

// The web benchmarks' shared setup (web-speed.ts, web-views.ts): the built app in demo mode on
// its own ports, one sign-in, and a large mailbox written straight into the cache.

export const BENCH_USER_EMAIL = 'sam.rivera@inkwell.demo'

/** Threads seeded a transaction at a time (seedCache). */
const SEED_CHUNK = 5_000

/** The labels of seeded thread `i`, as SQL over `i`: web-speed's plain inbox, a third unread. */
export const INBOX_LABELS_SQL = `case when i % 3 = 0 then array['INBOX', 'UNREAD'] else array['INBOX'] end`

/**
 * Writes `count` one-message threads into the user's cache, older than the demo mailbox, each
 * with the labels `labelsSql` gives it (UNREAD among them makes it unread); the database's
 * trigger keeps the label counts. Returns how many threads the Inbox then holds.
 */
export async function seedCache(
  databaseUrl: string,
  count: number,
  labelsSql = INBOX_LABELS_SQL,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const user = await client.query<{ id: string }>('select id from users where email = $1', [
      BENCH_USER_EMAIL,
    ])
    const userId = user.rows[0]?.id
    if (!userId) throw new Error(`${BENCH_USER_EMAIL} has not signed in`)
    // The sign-in's full sync removes cached threads Gmail did not list: seed after it.
    for (let i = 0; ; i++) {
      const state = await client.query(
        'select 1 from mail_sync_state where user_id = $1 and full_sync_completed_at is not null',
        [userId],
      )
      if (state.rowCount) break
      if (i > 240) throw new Error('the demo mailbox did not finish syncing')
      await new Promise((r) => setTimeout(r, 500))
    }
    const oldest = await client.query<{ at: Date }>(
      'select coalesce(min(last_message_date), now()) as at from email_threads where user_id = $1',
      [userId],
    )
    // A transaction at a time of SEED_CHUNK threads: the trigger adds to the same count rows for
    // every thread, and within one transaction each update walks all the earlier versions of
    // its row, so one statement of 100,000 threads took over 13 minutes.
    const seeded = `select i, ${labelsSql} as labels from generate_series($3::int, $4::int) i`
    for (let first = 1; first <= count; first += SEED_CHUNK) {
      const params = [userId, oldest.rows[0]!.at, first, Math.min(count, first + SEED_CHUNK - 1)]
      await client.query(
        `insert into email_messages (user_id, gmail_id, thread_id, internal_date, labels, snippet,
           subject, from_name, from_email, to_header, text_body)
         select $1, 'bench-m-' || i, 'bench-t-' || i, $2::timestamptz - i * interval '7 minutes',
           labels,
           'About the plan for week ' || i || ': the numbers, the people and what comes next',
           'Bench thread ' || i, 'Sender ' || (i % 97), 'sender' || (i % 97) || '@example.com',
           '${BENCH_USER_EMAIL}', 'Hello Sam, this is bench thread ' || i || '. Talk soon.'
         from (${seeded}) s`,
        params,
      )
      await client.query(
        `insert into email_threads (user_id, thread_id, subject, snippet, participants,
           last_message_date, latest_message_id, message_count, is_read, labels)
         select $1, 'bench-t-' || i, 'Bench thread ' || i,
           'About the plan for week ' || i || ': the numbers, the people and what comes next',
           array['Sender ' || (i % 97) || ' <sender' || (i % 97) || '@example.com>'],
           $2::timestamptz - i * interval '7 minutes', 'bench-m-' || i, 1,
           not ('UNREAD' = any(labels)), labels
         from (${seeded}) s`,
        params,
      )
    }
    await client.query('analyze email_threads')
    const total = await client.query<{ n: number }>(
      `select count(*)::int as n from email_threads where user_id = $1 and labels @> array['INBOX']`,
      [userId],
    )
    return total.rows[0]!.n
  } finally {
    await client.end()
  }
}

/** Marks the first frame with rows in it, from the document's first script on. */
export const WATCH_ROWS = `(() => {

  const watch = () => {
    if (document.querySelector('[data-testid="thread-row"]')) window.__rowsPainted = performance.now()
    else requestAnimationFrame(watch)
  }
  requestAnimationFrame(watch)
})()`

export type Load = {
  rowsPainted: number
  threadsRequestAt: number
  threadsAnsweredAt: number
  userRequestAt: number
  scripts: string[]
}

/**
 * Waits until the page has settled (no requests for 500 ms, then an idle callback), so a load
 * that follows is not timed together with the last one's work after its first paint, which a
 * user reopening Inkwell never meets.
 */
export async function settle(page: Page) {
  if (page.url() === 'about:blank') return
  await page.waitForLoadState('networkidle')
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })),
  )
}

/** Navigation to /inbox → its rows painted (WATCH_ROWS must be an init script of the context). */
export async function loadInbox(page: Page): Promise<Load> {
  await settle(page)
  await page.goto('/inbox', { waitUntil: 'commit' })
  await page.waitForFunction(() => (window as { __rowsPainted?: number }).__rowsPainted, null, {
    timeout: 60_000,
  })
  return (await page.evaluate(`(() => {
    const painted = window.__rowsPainted
    const entries = performance.getEntriesByType('resource')
    const threads = entries.find((e) => e.name.includes('/api/gmail/threads'))
    const user = entries.find((e) => e.name.includes('/api/auth/user'))
    return {
      rowsPainted: painted,
      threadsRequestAt: threads ? threads.startTime : NaN,
      threadsAnsweredAt: threads ? threads.responseEnd : NaN,
      userRequestAt: user ? user.startTime : NaN,
      scripts: entries
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < painted)
        .map((e) => new URL(e.name).pathname),
    }
  })()`)) as Load
}

/** Chromium's CPU slowdown for this page (CDP): 1 is the machine's own speed. */
export async function throttle(context: BrowserContext, page: Page, rate: number) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

async function signIn(browser: Browser, appUrl: string) {
  const context = await browser.newContext({ baseURL: appUrl })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await page.locator('form', { hasText: BENCH_USER_EMAIL }).locator('button').click()
  await page.waitForURL(/\/app$/)
  // The inbox's first list request starts the sync of the demo mailbox.
  await page.getByTestId('thread-row').first().waitFor({ timeout: 60_000 })
  // A returning user: the first sign-in's onboarding, a modal over the inbox that holds the
  // keyboard, is done, so it opens in no measured page.
  const status = await page.evaluate(`fetch('/api/user/onboarding', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ completed: true, tutorialSeen: true }),
  }).then((response) => response.status)`)
  if (status !== 200) throw new Error(`the onboarding could not be marked done (${status})`)
  const state = await context.storageState()
  await context.close()
  return state
}

export type WebBench = {
  appUrl: string
  databaseUrl: string
  browser: Browser
  /** The signed-in session, for each run's new context. */
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>
  stop: () => Promise<void>
}

/**
 * The built app (built here when stale), as `npm run start:prod` runs it, in demo mode on its
 * own ports with its data in `dataDir` (emptied first), and a Chromium signed in once.
 */
export async function startWebBench(dataDir: string): Promise<WebBench> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' })
  rmSync(dataDir, { recursive: true, force: true })
  const port = await freePort()
  const pgPort = await freePort()
  const appUrl = `http://localhost:${port}`
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    // Its shutdown chatter would bury the figures.
    stdio: 'ignore',
    env: {
      ...process.env,
      INKWELL_MODE: 'demo',
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      GOOGLE_STANDIN_PORT: String(await freePort()),
      STRIPE_STANDIN_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const stop = async () => {
    await browser.close()
    server.kill('SIGTERM')
  }
  try {
    await waitForServer(`${appUrl}/api/meta`)
    const storageState = await signIn(browser, appUrl)
    const databaseUrl = `postgres://inkwell:inkwell@127.0.0.1:${pgPort}/inkwell`
    return { appUrl, databaseUrl, browser, storageState, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
