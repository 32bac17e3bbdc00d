/**
 * `npm run bench:scheduled` (also part of `npm run bench`): how late Send later's messages go
 * out under load (issue 24): BENCH_SCHEDULED_SENDS messages (default 200) all due in the same
 * minute, first spread over that minute, then all at one instant. Not a pass/fail test.
 *
 * A message's lateness is when Gmail accepted it (its row's `updated_at` as it became `sent`,
 * stamped right after Gmail's answer) minus its `sendAt`. The stand-in's own `internalDate` is
 * no clock for this: it takes the message's Date header, written when the draft was saved.
 *
 * The product's timings (decision 053: the job queue's polling, the 30 s sweep, the stale
 * `sending` and retry delays) and Gmail's per-user quota pacing are the real ones; only the
 * minimum lead is shortened, so the messages can be scheduled and come due within a minute.
 * The messages are shared among several Pro users: one Gmail account's quota (6,000 units a
 * minute, a send about 170) could not take 200 in a minute whatever Inkwell did.
 *
 * First, what the instance asks PostgreSQL while nothing is due (IDLE_SECONDS): the queries
 * through its pool, job fetches by queue among them, and the transactions PostgreSQL counted
 * for the database (pg_stat_database, which a backend reports up to a second or so late).
 */
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { eq, inArray } from 'drizzle-orm'
import { scheduledSends, users } from '../src/server/db/schema.js'
import { mapWithConcurrency } from '../src/server/lib/concurrency.js'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { freePort } from '../src/server/test/free-port.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import {
  BENCH_APP_URL,
  BENCH_REDIRECT_URI,
  percentile,
  runBench,
  startBenchApp,
} from './support.js'
import { startBenchDatabase } from './database.js'

const SENDS = Number(process.env.BENCH_SCHEDULED_SENDS ?? 200)
const USER_COUNT = Number(process.env.BENCH_SCHEDULED_USERS ?? 20)
const TARGET_P99_MS = 10_000
/** Shortened from the product's 30 s so that the whole batch is due within a minute. */
const MIN_LEAD_SECONDS = 5
/** From the start of scheduling to the first message's time: room to schedule them all. */
const FIRST_DUE_AFTER_MS = 30_000
/** Requests scheduling messages at once, as many browsers would. */
const SCHEDULING_CONCURRENCY = 8
/** How long after the last message's time the bench waits for stragglers. */
const GIVE_UP_AFTER_MS = 15 * 60_000
const USERS = Array.from({ length: USER_COUNT }, (_, i) => ({
  email: `sender${i}@inkwell.demo`,
  name: `Sender ${i}`,
}))
/** How long the idle instance's queries are counted. */
const IDLE_SECONDS = 30

const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait))

async function main() {
  const load = loadavg()
  const { database, stop: stopDatabase } = await startBenchDatabase('bench-scheduled')

  // Every query the app makes through its pool (pg-boss's and drizzle's), by kind: a job fetch
  // is pg-boss's `FOR UPDATE SKIP LOCKED` select, its queue the first value.
  const pooled = { queries: 0, fetches: new Map<string, number>() }
  const { pool } = database
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  pool.query = ((...args: unknown[]) => {
    pooled.queries++
    const [text, values] = args
    if (typeof text === 'string' && text.includes('SKIP LOCKED') && Array.isArray(values)) {
      const queue = String(values[0])
      pooled.fetches.set(queue, (pooled.fetches.get(queue) ?? 0) + 1)
    }
    return query(...args)
  }) as typeof pool.query

  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [BENCH_REDIRECT_URI],
    users: USERS,
    withMailbox: false,
  })
  const { app, config, loadedConfig, secrets } = await startBenchApp({
    database,
    standInUrl: standIn.url,
    // Every sender signs in from this one address.
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    adjust: (loaded) => ({
      ...loaded,
      scheduledSend: { ...loaded.scheduledSend, minLeadSeconds: MIN_LEAD_SECONDS },
    }),
  })
  const sessions: string[] = []
  for (const user of USERS) sessions.push((await signIn({ app }, user.email)).session!)
  await database.db
    .update(users)
    .set({ plan: 'pro', proExpiration: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
    .where(
      inArray(
        users.email,
        USERS.map((u) => u.email),
      ),
    )

  /** The transactions PostgreSQL has counted for the bench's database. */
  async function transactions(): Promise<number> {
    const { rows } = (await query(
      `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
    )) as { rows: { n: string }[] }
    return Number(rows[0]!.n)
  }

  /** The idle instance's queries a second, once the sign-ins' own jobs have run. */
  async function idle() {
    for (let i = 0; i < 60; i++) {
      const { rows } = (await query(
        `select count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active') and start_after < now()`,
      )) as { rows: { n: number }[] }
      if (rows[0]!.n === 0) break
      await sleep(500)
    }
    const before = { queries: pooled.queries, fetches: new Map(pooled.fetches) }
    const xactsBefore = await transactions()
    await sleep(IDLE_SECONDS * 1000)
    const xacts = (await transactions()) - xactsBefore - 1
    const perSecond = (n: number) => (n / IDLE_SECONDS).toFixed(2)
    const fetches = [...pooled.fetches]
      .map(([queue, n]) => [queue, n - (before.fetches.get(queue) ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1])
    console.log(`\n  idle, nothing due, ${IDLE_SECONDS} s`)
    console.log(
      `    queries through the pool ${perSecond(pooled.queries - before.queries)} a second; PostgreSQL's transactions ${perSecond(xacts)} a second`,
    )
    console.log(
      `    job fetches a second: ${fetches.map(([queue, n]) => `${queue} ${perSecond(n)}`).join(', ')}`,
    )
  }

  /** How many messages with this subject (one word) the user's Gmail has in SENT. */
  async function sentCount(email: string, subject: string): Promise<number> {
    // Read each time: the app may have refreshed the token since sign-in.
    const [row] = await database.db
      .select({ token: users.gmailAccessToken })
      .from(users)
      .where(eq(users.email, email))
    const token = secrets.open(row!.token!)
    const query = encodeURIComponent(`subject:${subject}`)
    const response = await fetch(
      `${standIn.url}/gmail/v1/users/me/messages?labelIds=SENT&q=${query}&includeSpamTrash=true`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    if (!response.ok) throw new Error(`counting ${subject}: ${response.status}`)
    const found = (await response.json()) as { messages?: unknown[] }
    return found.messages?.length ?? 0
  }

  /**
   * One batch: SENDS messages round-robin over the users, message i due at `dueAt(i)` after
   * the first time; waits until every one has ended (sent or failed) and prints the figures.
   */
  async function round(label: string, tag: string, dueAt: (i: number) => number) {
    const loadNow = loadavg()[0]!
    const started = performance.now()
    // A whole second, as a person picks a time.
    const first = Math.ceil((Date.now() + FIRST_DUE_AFTER_MS) / 1000) * 1000
    const messages = Array.from({ length: SENDS }, (_, i) => ({
      user: i % USER_COUNT,
      // Fixed width: no subject is the start of another, so a subject search finds one.
      subject: `${tag}${String(i).padStart(4, '0')}`,
      sendAt: new Date(first + dueAt(i)),
    }))
    const ids = await mapWithConcurrency(messages, SCHEDULING_CONCURRENCY, async (m) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/gmail/send',
        headers: { origin: BENCH_APP_URL },
        cookies: { inkwell_session: sessions[m.user]! },
        payload: {
          to: 'team@example.org',
          subject: m.subject,
          body: 'The minutes of Monday’s meeting, as promised.',
          sendAt: m.sendAt.toISOString(),
        },
      })
      if (answer.statusCode !== 202) {
        throw new Error(`scheduling ${m.subject} answered ${answer.statusCode}: ${answer.body}`)
      }
      return answer.json<{ scheduledId: string }>().scheduledId
    })
    const scheduledIn = performance.now() - started
    const scheduledBy = Date.now()

    const last = Math.max(...messages.map((m) => m.sendAt.getTime()))
    type Row = { id: string; status: string; sendAt: Date; updatedAt: Date }
    let rows: Row[] = []
    for (;;) {
      rows = await database.db
        .select({
          id: scheduledSends.id,
          status: scheduledSends.status,
          sendAt: scheduledSends.sendAt,
          updatedAt: scheduledSends.updatedAt,
        })
        .from(scheduledSends)
        .where(inArray(scheduledSends.id, ids))
      const open = rows.filter((r) => r.status === 'scheduled' || r.status === 'sending')
      if (open.length === 0 || Date.now() > last + GIVE_UP_AFTER_MS) break
      await sleep(1000)
    }
    const sent = rows.filter((r) => r.status === 'sent')
    const failed = rows.filter((r) => r.status === 'failed').length
    const waiting = rows.length - sent.length - failed
    const lateness = sent.map((r) => r.updatedAt.getTime() - r.sendAt.getTime())

    let duplicates = 0
    let missing = 0
    for (const m of messages) {
      const count = await sentCount(USERS[m.user]!.email, m.subject)
      duplicates += Math.max(0, count - 1)
      if (count === 0) missing++
    }

    console.log(`\n  ${label}`)
    console.log(
      `    scheduled in ${seconds(scheduledIn)} (${SCHEDULING_CONCURRENCY} requests at a time), ${seconds(first - scheduledBy)} before the first was due; load average then ${loadNow.toFixed(2)}`,
    )
    console.log(
      `    sent ${sent.length} of ${SENDS}, failed ${failed}, still waiting ${waiting}; duplicates in Gmail's SENT: ${duplicates} (must be 0); not in SENT: ${missing}`,
    )
    if (lateness.length > 0) {
      console.log(
        `    lateness p50 ${seconds(percentile(lateness, 50))}, p95 ${seconds(percentile(lateness, 95))}, p99 ${seconds(percentile(lateness, 99))} (target ≤ ${seconds(TARGET_P99_MS)}), max ${seconds(Math.max(...lateness))}`,
      )
    }
  }

  console.log(
    `\nScheduled sends: ${SENDS} due in the same minute from ${USER_COUNT} Pro users, one instance (Google stand-in in this process)`,
  )
  console.log(`  load average at start: ${load.map((n) => n.toFixed(2)).join(', ')} (1, 5, 15 min)`)
  console.log(
    `  timings: minimum lead ${MIN_LEAD_SECONDS} s (product: ${loadedConfig.scheduledSend.minLeadSeconds} s), sweep ${config.scheduledSend.sweepSeconds} s, stale sending ${config.scheduledSend.sendingStaleSeconds} s, one worker taking ${config.scheduledSend.batchSize} at once and looking every ${config.scheduledSend.pollingSeconds} s; Gmail quota ${config.gmailQuotaUnitsPerMinute.toLocaleString()} units a minute per user`,
  )
  await idle()
  await round('spread over the minute', 'Spread', (i) => Math.floor((i * 60_000) / SENDS))
  await round('all at one instant', 'Instant', () => 0)

  await app.close()
  await standIn.close()
  await database.close()
  await stopDatabase()
}

runBench(main)
