/**
 * `npm run bench:pace`: how much of the per-user quota a backfill uses (issue 27, point 2:
 * at least 80% of the rate `GMAIL_QUOTA_MODEL` allows, with no 429 left unrecovered). Prints
 * figures beside their targets; not a pass/fail test, and CI does not run it.
 *
 * One user whose mailbox (BENCH_PACE_THREADS threads, default 600) is all older than the
 * 90-day sync window, so after the first sync everything the app asks Gmail for is the
 * backfill's. The app is paced to BENCH_QUOTA (default 2026). Between it and the Google
 * stand-in, a proxy keeps Gmail's side of the quota and answers a call beyond it 429
 * rateLimitExceeded, as Gmail does. BENCH_GMAIL_LIMIT says how Gmail counts:
 * - `bucket` (the default): a minute's units that refill as they are spent, bursts allowed,
 *   as Google describes its per-user limit (a rate averaged over time);
 * - `window`: the strictest reading of "units a minute": no 60 seconds may hold more.
 * The rate is read over the backfill after its first minute (the app's bucket starts full,
 * and its first minute spends that).
 */
import { performance } from 'node:perf_hooks'
import {
  GMAIL_QUOTA,
  GMAIL_QUOTA_MODELS,
  type GmailQuotaModel,
} from '../src/server/features/mail/gmail/quota.js'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { startFaultProxy } from '../src/server/test/fault-proxy.js'
import { freePort } from '../src/server/test/free-port.js'
import { gmailOperationOf } from '../src/server/test/gmail-units.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import { startBenchDatabase } from './database.js'
import { gmailCost } from './gmail-calls.js'
import { BENCH_REDIRECT_URI, ms, runBench, startBenchApp } from './support.js'

const THREADS = Number(process.env.BENCH_PACE_THREADS ?? 600)
const MODEL = (process.env.BENCH_QUOTA ?? '2026') as GmailQuotaModel
const LIMIT_SECONDS = Number(process.env.BENCH_PACE_SECONDS ?? 900)
const USER = { email: 'paced@inkwell.demo', name: 'Paced Mailbox' }
const DAY = 86_400_000
const WINDOW_MS = 60_000
const TARGET = 0.8
const GMAIL_LIMIT = process.env.BENCH_GMAIL_LIMIT ?? 'bucket'
if (GMAIL_LIMIT !== 'bucket' && GMAIL_LIMIT !== 'window') {
  throw new Error('BENCH_GMAIL_LIMIT must be bucket or window')
}

if (!GMAIL_QUOTA_MODELS.includes(MODEL)) {
  throw new Error(`BENCH_QUOTA must be one of ${GMAIL_QUOTA_MODELS.join(', ')}`)
}

async function main() {
  const { unitsPerMinute, prices } = GMAIL_QUOTA[MODEL]
  const { database, stop: stopDatabase } = await startBenchDatabase('bench-pace')
  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [BENCH_REDIRECT_URI],
    users: [USER],
    threadsPerUser: THREADS,
    // The demo mailbox spans the weeks before `now`: four months back, all of it is older mail.
    now: new Date(Date.now() - 120 * DAY),
  })
  /** The units Gmail's side has counted, and when: what the last 60 seconds hold. */
  const spent: { at: number; units: number }[] = []
  /** Gmail's bucket, in `bucket` mode: full at first, refilled at the quota rate. */
  const bucket = { units: unitsPerMinute, at: performance.now() }
  /** Whether Gmail takes `units` now, by the counting BENCH_GMAIL_LIMIT names. */
  const allows = (units: number, now: number) => {
    if (GMAIL_LIMIT === 'bucket') {
      bucket.units = Math.min(
        unitsPerMinute,
        bucket.units + ((now - bucket.at) * unitsPerMinute) / WINDOW_MS,
      )
      bucket.at = now
      if (bucket.units < units) return false
      bucket.units -= units
      return true
    }
    while (spent.length && spent[0]!.at <= now - WINDOW_MS) spent.shift()
    if (spent.reduce((sum, s) => sum + s.units, 0) + units > unitsPerMinute) return false
    spent.push({ at: now, units })
    return true
  }
  let refused = 0
  const proxy = await startFaultProxy(standIn.url, {
    fault: ({ method, path }) => {
      const operation = gmailOperationOf(method, path)
      if (!operation) return null
      if (!allows(prices[operation], performance.now())) {
        refused++
        return {
          status: 429,
          body: JSON.stringify({
            error: {
              code: 429,
              message: 'Quota exceeded for quota metric per user per minute',
              errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
            },
          }),
        }
      }
      return null
    },
  })
  const { app } = await startBenchApp({
    database,
    standInUrl: standIn.url,
    gmailUrl: proxy.url,
    env: { GMAIL_QUOTA_MODEL: MODEL },
  })
  const { pool } = database
  try {
    console.log(
      `A backfill of ${THREADS.toLocaleString()} older threads, paced to the ${MODEL} quota (${unitsPerMinute.toLocaleString()} units a minute); Gmail counts by ${GMAIL_LIMIT === 'bucket' ? 'a bucket of a minute’s units' : 'a strict 60-second window'}`,
    )
    const session = (await signIn({ app }, USER.email)).session!
    const started = performance.now()
    const first = await app.inject({
      url: '/api/gmail/threads?limit=50',
      cookies: { inkwell_session: session },
    })
    if (first.statusCode !== 200) throw new Error(`first page: ${first.statusCode}`)
    const state = async () =>
      (
        await pool.query<{ synced: boolean; threads: number; done: boolean; eta: number | null }>(
          `select s.full_sync_completed_at is not null as synced, s.backfill_threads as threads,
             s.backfill_done_at is not null as done, s.backfill_eta_seconds as eta
           from mail_sync_state s join users u on u.id = s.user_id where u.email = $1`,
          [USER.email],
        )
      ).rows[0]
    let syncedAt: number | null = null
    let firstEta: number | null = null
    let said = started
    let now = await state()
    while (!now?.done && performance.now() - started < LIMIT_SECONDS * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      now = await state()
      if (now?.synced && syncedAt === null) syncedAt = performance.now()
      if (now?.eta && firstEta === null) firstEta = now.eta
      if (now && performance.now() - said >= 30_000) {
        said = performance.now()
        console.log(
          `  ${ms(said - started)}: ${now.threads.toLocaleString()} threads${now.eta ? `, about ${Math.round(now.eta / 60)} min left` : ''}`,
        )
      }
    }
    const ended = performance.now()
    if (syncedAt === null) throw new Error('the first sync never ended')

    // The units Gmail answered for (429s spend nothing), after the backfill's first minute.
    const from = syncedAt + WINDOW_MS
    const units = gmailCost(proxy.log.filter((c) => c.status === 200 && c.startedAt >= from)).units[
      MODEL
    ]
    const minutes = (ended - from) / WINDOW_MS
    const rate = units / minutes
    // A 429 is recovered when the same call was answered later.
    const unrecovered = proxy.log.filter(
      (c, i) =>
        c.status === 429 &&
        !proxy.log
          .slice(i + 1)
          .some(
            (later) => later.status === 200 && later.method === c.method && later.path === c.path,
          ),
    ).length
    console.log(
      `\n  backfill ${now?.done ? 'done' : `stopped after ${LIMIT_SECONDS} s`}: ${now?.threads.toLocaleString()} threads in ${ms(ended - syncedAt)} after the first sync`,
    )
    console.log(
      `  after its first minute: ${Math.round(rate).toLocaleString()} units a minute over ${minutes.toFixed(1)} min = ${((100 * rate) / unitsPerMinute).toFixed(0)}% of the quota rate (target ≥ ${TARGET * 100}%)`,
    )
    console.log(
      `  429s from Gmail's side: ${refused}, of which never answered later: ${unrecovered} (target 0)`,
    )
    if (firstEta !== null) {
      console.log(
        `  its first estimate: about ${Math.round(firstEta / 60)} min; it took ${((ended - syncedAt) / 60_000).toFixed(1)} min`,
      )
    }
  } finally {
    await app.close()
    await proxy.close()
    await standIn.close()
    await database.close()
    await stopDatabase()
  }
}

runBench(main)
