/**
 * `npm run bench`: prints how fast Inkwell's inbox opens and answers. Not a pass/fail test.
 *
 * 1. Sign-in to the first 50 threads visible, cold (empty cache) and warm, for a
 *    10,000-thread mailbox with 100 ms of latency on every Gmail call, plus the Gmail quota
 *    units the cold load spent (Google's price table).
 * 2. GET /api/gmail/threads latency, p50 and p99, under 50 concurrent clients on the warm cache.
 * 3. The same load on one server process and on two behind a round-robin proxy, one database.
 */
import { createStripeClient } from '../src/server/features/billing/stripe-client.js'
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadConfig, STANDIN_OAUTH_CLIENT } from '../src/server/config.js'
import { buildApp } from '../src/server/app.js'
import { openDatabase, runMigrations } from '../src/server/db/client.js'
import { startEmbeddedPostgres } from '../src/server/db/embedded.js'
import { createDatabaseIfMissing } from '../src/server/runtime.js'
import { generateKey, SecretBox } from '../src/server/lib/crypto.js'
import { GoogleOAuth, standInEndpoints } from '../src/server/features/auth/google.js'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { startFaultProxy } from '../src/server/test/fault-proxy.js'
import { freePort } from '../src/server/test/free-port.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import { startRoundRobinProxy } from '../src/server/test/round-robin-proxy.js'

const THREADS = Number(process.env.BENCH_THREADS ?? 10_000)
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100)
const CLIENTS = 50
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000)
const USER = { email: 'bench@inkwell.demo', name: 'Bench User' }
const APP_URL = 'http://localhost:3999'

/** Gmail's quota price of a call, from its method and path. */
function unitsOf(method: string, url: string): number {
  const path = url.split('?')[0] ?? ''
  if (/\/history$/.test(path)) return 2
  if (/\/threads$/.test(path)) return 10
  if (/\/threads\/[^/]+$/.test(path) && method === 'GET') return 40
  if (/\/threads\/[^/]+\/modify$/.test(path)) return 10
  if (/\/messages$/.test(path) && method === 'GET') return 5
  if (/\/messages\/[^/]+$/.test(path) && method === 'GET') return 20
  if (/\/labels/.test(path)) return 1
  return 0
}

const ms = (n: number) => `${n.toFixed(0)} ms`
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function main() {
  const work = path.resolve('.tmp/bench')
  rmSync(work, { recursive: true, force: true })
  console.log(`Seeding a ${THREADS.toLocaleString()}-thread mailbox on the Google stand-in…`)
  const pg = await startEmbeddedPostgres({
    dataDir: `${work}/postgres`,
    port: await freePort(),
    persistent: false,
  })
  await createDatabaseIfMissing(pg.url('postgres'), 'bench')
  const database = openDatabase(pg.url('bench'), { max: 20 })
  await runMigrations(database)

  const redirectUri = `${APP_URL}/api/auth/google/callback`
  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [redirectUri],
    users: [USER],
    threadsPerUser: THREADS,
  })
  const proxy = await startFaultProxy(standIn.url, { latencyMs: LATENCY_MS })
  const endpoints = { ...standInEndpoints(standIn.url), apiRootUrl: `${proxy.url}/` }
  const tokenKey = generateKey()
  const config = loadConfig({
    INKWELL_MODE: 'demo',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    APP_URL,
    TOKEN_ENCRYPTION_KEY: tokenKey,
    // The stand-in keeps no quota; the figures below count units instead.
    GMAIL_QUOTA_UNITS_PER_MINUTE: '0',
  })
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    secrets: new SecretBox(tokenKey),
    cookieSecrets: new SecretBox(generateKey()),
    google: new GoogleOAuth({ ...STANDIN_OAUTH_CLIENT, redirectUri, endpoints }),
    // The benchmark makes no billing call; the client is never used.
    stripe: createStripeClient(config.stripe.secretKey),
    webRoot: null,
  })
  await app.ready()

  const firstFifty = async () => {
    const started = performance.now()
    const { session } = await signIn({ app }, USER.email)
    const response = await app.inject({
      url: '/api/gmail/threads?limit=50',
      cookies: { inkwell_session: session! },
    })
    const shown = response.json().threads?.length
    if (shown === undefined)
      throw new Error(`GET threads answered ${response.statusCode}: ${response.body}`)
    if (shown !== 50) throw new Error(`expected 50 threads, got ${shown}`)
    return { elapsed: performance.now() - started, session: session! }
  }

  const before = proxy.log.length
  const cold = await firstFifty()
  const coldCalls = proxy.log.slice(before)
  const coldUnits = coldCalls.reduce((sum, c) => sum + unitsOf(c.method, c.path), 0)
  const warm = await firstFifty()

  console.log(`\nSign-in to the first 50 threads (${LATENCY_MS} ms on every Gmail call)`)
  console.log(
    `  cold (empty cache): ${ms(cold.elapsed)}  — ${coldCalls.length} Gmail calls, ${coldUnits} quota units`,
  )
  console.log(`  warm (cached):      ${ms(warm.elapsed)}`)

  console.log('\nFinishing the full sync for the load test (latency off)…')
  proxy.setLatency(0)
  const syncStarted = performance.now()
  const synced = await app.inject({
    method: 'POST',
    url: '/api/gmail/sync',
    headers: { origin: APP_URL },
    cookies: { inkwell_session: warm.session },
  })
  if (synced.statusCode !== 200) {
    // The stand-in caps each token at 5,000 calls an hour (403); a 10,000-thread mailbox
    // needs more. The sync resumes where it stopped on the next run; measure what is cached.
    console.log(
      `  the full sync stopped: ${synced.statusCode} ${synced.json().error?.message ?? ''}`,
    )
    const { rows } = await database.pool.query('select last_error from mail_sync_state')
    console.log(`  (Gmail said: ${rows[0]?.last_error ?? 'nothing'})`)
  }
  const total = (
    await app.inject({
      url: '/api/gmail/threads?limit=1',
      cookies: { inkwell_session: warm.session },
    })
  ).json().total
  console.log(
    `  full sync done in ${ms(performance.now() - syncStarted)}; ${total.toLocaleString()} inbox threads cached`,
  )
  const syncUnits = proxy.log.reduce((sum, c) => sum + unitsOf(c.method, c.path), 0)
  console.log(
    `  quota units for the whole mailbox: ${syncUnits.toLocaleString()} (${(syncUnits / 6000).toFixed(0)} minutes of Gmail's per-user quota)`,
  )

  // The stand-in runs in this process and its 10,000-thread calls are heavy: cut Gmail off
  // so the load test measures Inkwell's own work on the warm cache, nothing else.
  await proxy.close()
  await standIn.close()
  const port = await freePort()
  await app.listen({ host: '127.0.0.1', port })
  const url = `http://127.0.0.1:${port}/api/gmail/threads`
  const alone: number[] = []
  for (let i = 0; i < 20; i++) {
    const started = performance.now()
    await (
      await fetch(url, { headers: { cookie: `inkwell_session=${warm.session}` } })
    ).arrayBuffer()
    alone.push(performance.now() - started)
  }
  alone.sort((a, b) => a - b)
  const cookie = `inkwell_session=${warm.session}`
  const single = await loadTest(url, cookie, REQUESTS)
  console.log(
    `\nGET /api/gmail/threads (100 threads a page), ${CLIENTS} concurrent clients in another process, ${REQUESTS} requests`,
  )
  console.log(`  one client alone: p50 ${ms(percentile(alone, 50))}`)
  console.log(
    `  p50 ${ms(single.p50)}, p99 ${ms(single.p99)}, ${single.perSecond.toFixed(0)} requests/s`,
  )
  await app.close()

  // Server processes of their own (the compiled entry point's TypeScript), on one database.
  console.log('\nWarm list throughput: one instance, then two behind a round-robin proxy')
  const ports = [await freePort(), await freePort()]
  const stripePorts = [await freePort(), await freePort()]
  const servers = ports.map((p, i) =>
    spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        INKWELL_MODE: 'demo',
        PORT: String(p),
        STRIPE_STANDIN_PORT: String(stripePorts[i]),
        APP_URL,
        DATABASE_URL: pg.url('bench'),
        TOKEN_ENCRYPTION_KEY: tokenKey,
        GOOGLE_STANDIN_URL: standIn.url,
        INKWELL_API_ONLY: '1',
        LOG_LEVEL: 'silent',
      },
    }),
  )
  for (const p of ports) await waitReady(`http://127.0.0.1:${p}`)
  const balancer = await startRoundRobinProxy(
    await freePort(),
    ports.map((p) => `http://127.0.0.1:${p}`),
  )
  for (const [label, target] of [
    ['one instance', `http://127.0.0.1:${ports[0]}/api/gmail/threads`],
    ['two instances', `${balancer.url}/api/gmail/threads`],
  ] as const) {
    const run = await loadTest(target, cookie, REQUESTS)
    console.log(
      `  ${label.padEnd(13)}: ${run.perSecond.toFixed(0)} requests/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}`,
    )
  }
  console.log('  (2 cores run the servers, the proxy, PostgreSQL and the load client together)')
  await balancer.close()
  for (const server of servers) server.kill('SIGTERM')

  await database.close()
  await pg.stop()
  rmSync(work, { recursive: true, force: true })
}

/** Runs the load client (another process) against `url`; latency percentiles and throughput. */
async function loadTest(url: string, cookie: string, requests: number) {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/load-client.ts', url, cookie, String(CLIENTS), String(requests)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk))
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`load client exited ${code}`)),
    )
  })
  const { latencies, seconds } = JSON.parse(out) as { latencies: number[]; seconds: number }
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: requests / seconds,
  }
}

async function waitReady(base: string) {
  for (let i = 0; i < 300; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${base} never became ready`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
