/**
 * `npm run bench:fairness`: fair workers (issue 27, point 3) and an archive during a backfill
 * (point 2). Prints figures beside their targets; not a pass/fail test, and CI does not run it.
 *
 * One instance (the app in this process, its pool as large as production's) and the Google
 * stand-in in a process of its own, BENCH_LATENCY_MS (default 100) on every Gmail call, the
 * quota paced as BENCH_QUOTA says (default 2026, production's default; or legacy, or unpaced). Every account has
 * a demo mailbox of 60 recent threads; BENCH_BACKFILLERS accounts (default 50) also have
 * BENCH_OLD_THREADS (default 200) archived threads older than the 90-day sync window, which
 * only their backfill fetches.
 *
 * 1. Idle: BENCH_NEWCOMERS accounts (default 10) sign in one after another, and each one's
 *    first Inbox page is timed as bench/run.ts times the cold first page; each newcomer's sync
 *    ends before the next signs in. Then one synced user's Refresh (POST /api/gmail/sync,
 *    waited for) and Gmail push (until its sync has ended), each after a new mail, and archives.
 * 1b. Its own backfill alone: one more account with older mail signs in for real (a first sync,
 *    then its backfill), and archives while its backfill is under way and nothing else runs:
 *    what point 2's "an archive during a backfill answers as fast as without one" asks.
 * 2. The backfillers' syncs run, and once every one of their backfills has made a step, the
 *    same again with other newcomers, the same user's Refresh and push, and archives by a
 *    backfilling user while their own backfill runs.
 * Beside each figure: the time its sync job waited in the queue, and, for the loaded phase, what
 * the instance's shared parts did (event loop delay, the database pool's waiting queries, the
 * backfill queue's running and waiting steps), so a slower figure says where its time went.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import type pg from 'pg'
import { openDatabase } from '../src/server/db/client.js'
import { GMAIL_QUOTA_MODELS } from '../src/server/features/mail/gmail/quota.js'
import { mapWithConcurrency } from '../src/server/lib/concurrency.js'
import { beginStopping } from '../src/server/lib/stopping.js'
import { until } from '../src/server/test/eventually.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import { startBenchDatabase } from './database.js'
import { coldFirstPage } from './first-page.js'
import { startStandInProcess } from './stand-in-process.js'
import {
  BENCH_APP_URL,
  BENCH_REDIRECT_URI,
  ms,
  percentile,
  runBench,
  startBenchApp,
} from './support.js'

const BACKFILLERS = Number(process.env.BENCH_BACKFILLERS ?? 50)
const OLD_THREADS = Number(process.env.BENCH_OLD_THREADS ?? 200)
const NEWCOMERS = Number(process.env.BENCH_NEWCOMERS ?? 10)
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100)
/** A quota model to pace to, or `unpaced`: no bucket, so no quota query before each call. */
const QUOTA = process.env.BENCH_QUOTA ?? '2026'
/** Each user's syncs (Refresh, push) and archives, per phase. */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 8)
const ARCHIVES = 20
/** The backfill steps the solo user's actions span (phase 1b). */
const SOLO_STEPS = Number(process.env.BENCH_SOLO_STEPS ?? 2)
/** Every account's demo mailbox: enough recent threads to fill a first page of 50. */
const RECENT_THREADS = 60
const DAY = 86_400_000
const PUSH_TOKEN = 'bench-fairness-push-token-0123456789'
const TARGET_RATIO = 2
/** The instance's database pool: production's (runtime.ts opens it with pg's 10) unless set. */
const POOL = Number(process.env.BENCH_POOL ?? 10)

const paced = GMAIL_QUOTA_MODELS.find((model) => model === QUOTA)
if (!paced && QUOTA !== 'unpaced') {
  throw new Error(`BENCH_QUOTA must be one of ${GMAIL_QUOTA_MODELS.join(', ')}, unpaced`)
}

const account = (email: string) => ({ email, name: email.split('@')[0]! })
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    account(`${prefix}${String(i + 1).padStart(2, '0')}@inkwell.demo`),
  )
const BACKFILLING = numbered('backfill', BACKFILLERS)
const IDLE_NEWCOMERS = numbered('idle', NEWCOMERS)
const LOADED_NEWCOMERS = numbered('newcomer', NEWCOMERS)
/** The user whose Refresh, push and archives are timed in both phases. */
const REGULAR = account('regular@inkwell.demo')
/** The user who archives while their own backfill, and nothing else, runs (phase 1b). */
const SOLO = account('solo@inkwell.demo')

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

/** p50 and p99 of `times`; with fewer than 100, the p99 is the slowest. */
const spread = (times: number[]) =>
  `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`

const ratio = (loaded: number[], idle: number[], p: number) =>
  percentile(loaded, p) / percentile(idle, p)

/**
 * What the instance's shared parts did while `watch` ran: the event loop's delay, the
 * database pool's queries waiting for a connection, and the backfill queue's steps running
 * and waiting their turn (read from pg-boss's table every half second by the bench's own pool).
 */
function watchInstance(appPool: pg.Pool, benchPool: pg.Pool, probeGmail: () => Promise<void>) {
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  let samples = 0
  let waitingSum = 0
  let waitingMax = 0
  let checkouts = 0
  const counted = () => checkouts++
  appPool.on('acquire', counted)
  const started = performance.now()
  const poolTimer = setInterval(() => {
    samples++
    waitingSum += appPool.waitingCount
    waitingMax = Math.max(waitingMax, appPool.waitingCount)
  }, 20)
  const queue: { running: number; ready: number }[] = []
  const connections: { pinned: number; lockWaits: number }[] = []
  const postgres: number[] = []
  const gmail: number[] = []
  const timed = async (what: () => Promise<unknown>, into: number[]) => {
    const at = performance.now()
    await what()
    into.push(performance.now() - at)
  }
  let reading = false
  const queueTimer = setInterval(() => {
    if (reading) return
    reading = true
    void Promise.all([
      benchPool
        .query<{ running: number; ready: number }>(
          `select count(*) filter (where state = 'active')::int as running,
             count(*) filter (where state in ('created', 'retry') and start_after <= now())::int
               as ready
           from pgboss.job where name = 'mail-backfill'`,
        )
        .then(({ rows }) => queue.push(rows[0]!)),
      // Connections a sync or backfill step holds for its mailbox's lock (a session advisory
      // lock, held for the whole job), and queries waiting for a row another one has locked.
      benchPool
        .query<{ pinned: number; lockWaits: number }>(
          `select (select count(*) from pg_locks where locktype = 'advisory' and granted)::int
               as pinned,
             (select count(*) from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock')::int
               as "lockWaits"`,
        )
        .then(({ rows }) => connections.push(rows[0]!)),
      // PostgreSQL's own answer time, on the bench's pool (which never waits for a connection).
      timed(() => benchPool.query('select 1'), postgres),
      // The stand-in's, beside the latency the proxy adds.
      timed(probeGmail, gmail),
    ])
      .catch((error: unknown) => console.error('a probe failed:', error))
      .finally(() => (reading = false))
  }, 500)
  return {
    stop() {
      appPool.off('acquire', counted)
      const seconds = (performance.now() - started) / 1000
      clearInterval(poolTimer)
      clearInterval(queueTimer)
      loop.disable()
      const mean = (values: number[]) =>
        values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0
      return {
        loopP50: loop.percentile(50) / 1e6,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
        poolWaitingMean: samples ? waitingSum / samples : 0,
        poolWaitingMax: waitingMax,
        checkoutsPerSecond: checkouts / seconds,
        postgres,
        gmail: gmail.map((t) => t - LATENCY_MS),
        pinned: mean(connections.map((c) => c.pinned)),
        lockWaits: mean(connections.map((c) => c.lockWaits)),
        lockWaitsMax: Math.max(0, ...connections.map((c) => c.lockWaits)),
        stepsRunning: mean(queue.map((q) => q.running)),
        stepsReady: mean(queue.map((q) => q.ready)),
      }
    },
  }
}

/** CPU seconds a process has used (user and system), with its reaped children's when asked. */
function cpuSecondsOf(pid: number, withChildren = false): number {
  try {
    // The fields after the command's closing parenthesis: utime is the 12th, cutime the 14th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number)
    const ticks = fields[11]! + fields[12]! + (withChildren ? fields[13]! + fields[14]! : 0)
    return ticks / 100
  } catch {
    return 0
  }
}

/** PostgreSQL's CPU seconds: the postmaster, its backends, and those that have exited. */
function postgresCpuSeconds(postmaster: number): number {
  let total = cpuSecondsOf(postmaster, true)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === postmaster) total += cpuSecondsOf(Number(entry))
    } catch {
      // Gone meanwhile.
    }
  }
  return total
}

/** Where the machine's CPU went between `start` and `stop`: the instance, the stand-in, PostgreSQL. */
function cpuMeter(standInPid: number, postmaster: number) {
  const read = () => ({
    app: process.cpuUsage(),
    standIn: cpuSecondsOf(standInPid),
    postgres: postgresCpuSeconds(postmaster),
    at: performance.now(),
  })
  const start = read()
  return () => {
    const end = read()
    const seconds = (end.at - start.at) / 1000
    const app = process.cpuUsage(start.app)
    const share = (cpu: number) =>
      `${cpu.toFixed(1)} s (${((cpu / seconds) * 100).toFixed(0)}% of a core)`
    return (
      `over ${seconds.toFixed(0)} s, CPU: the instance ${share((app.user + app.system) / 1e6)}, ` +
      `the stand-in ${share(end.standIn - start.standIn)}, PostgreSQL ${share(end.postgres - start.postgres)}`
    )
  }
}

type Shared = ReturnType<ReturnType<typeof watchInstance>['stop']>

const sharedLines = (s: Shared) => [
  `event loop delay p50 ${ms(s.loopP50)}, p99 ${ms(s.loopP99)}, max ${ms(s.loopMax)}`,
  `the pool: ${s.checkoutsPerSecond.toFixed(0)} checkouts a second, ${s.poolWaitingMean.toFixed(1)} waiting on average and ${s.poolWaitingMax} at most, ` +
    // Little's law: the mean time in a queue is its mean length over its arrival rate.
    `so ${ms((s.poolWaitingMean / s.checkoutsPerSecond) * 1000)} waited for a connection on average`,
  `connections held for a mailbox's sync lock ${s.pinned.toFixed(1)} on average; queries waiting for a locked row ${s.lockWaits.toFixed(1)} on average, ${s.lockWaitsMax} at most`,
  `PostgreSQL's round trip ${spread(s.postgres)}; a Gmail call beyond its ${LATENCY_MS} ms ${spread(s.gmail)}`,
  `backfill steps running ${s.stepsRunning.toFixed(1)} and waiting their turn ${s.stepsReady.toFixed(1)} on average`,
]

async function main() {
  console.log(
    `Fair workers: ${BACKFILLERS} mailboxes with ${OLD_THREADS} older threads each, ${NEWCOMERS} newcomers a phase (load ${load()})`,
  )
  const setupStarted = performance.now()
  const bench = await startBenchDatabase('bench-fairness')
  const benchPool = bench.database.pool
  // The instance's own pool, apart from the bench's.
  const appDatabase = openDatabase(bench.url, { max: POOL })

  const standIn = await startStandInProcess({
    users: [...BACKFILLING, ...IDLE_NEWCOMERS, ...LOADED_NEWCOMERS, REGULAR, SOLO],
    threadsPerUser: RECENT_THREADS,
    redirectUris: [BENCH_REDIRECT_URI],
    latencyMs: LATENCY_MS,
  })
  const { app, config, secrets } = await startBenchApp({
    database: appDatabase,
    standInUrl: standIn.url,
    // Gmail's calls through the stand-in process's latency proxy.
    gmailUrl: standIn.apiUrl,
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...(paced ? { GMAIL_QUOTA_MODEL: paced } : { GMAIL_QUOTA_UNITS_PER_MINUTE: '0' }),
      // Pushes reach the app as Pub/Sub's would, with the subscription's shared token.
      GMAIL_PUBSUB_TOPIC: 'projects/inkwell/topics/gmail',
      GMAIL_PUSH_TOKEN: PUSH_TOKEN,
    },
  })
  const postmaster = Number(
    readFileSync(path.resolve('.tmp/bench-fairness/postgres/postmaster.pid'), 'utf8').split(
      '\n',
    )[0],
  )
  const meter = () => cpuMeter(standIn.pid ?? 0, postmaster)
  try {
    const userIdOf = async (email: string) => {
      const { rows } = await benchPool.query<{ id: string }>(
        'select id from users where email = $1',
        [email],
      )
      return rows[0]!.id
    }
    /** Puts a message into the user's Gmail on the stand-in, as mail arriving would. */
    const deliver = async (token: string, message: Record<string, unknown>) => {
      const response = await fetch(`${standIn.url}/gmail/v1/users/me/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'Old Friend <friend@example.org>', ...message }),
      })
      if (!response.ok)
        throw new Error(`planting mail: ${response.status} ${await response.text()}`)
      return BigInt(((await response.json()) as { historyId: string }).historyId)
    }
    const accessTokenOf = async (email: string) => {
      const { rows } = await benchPool.query<{ token: string }>(
        'select gmail_access_token as token from users where email = $1',
        [email],
      )
      return secrets.open(rows[0]!.token)
    }
    const noSyncPending = async () => {
      const { rows } = await benchPool.query(
        `select 1 from pgboss.job where name = 'mail-sync' and state < 'completed' limit 1`,
      )
      return rows.length === 0
    }
    /** Until the user's first sync is done and no sync of anybody is queued or running. */
    const syncSettled = (userId: string) =>
      until(
        async () => {
          const { rows } = await benchPool.query(
            `select 1 from mail_sync_state where user_id = $1 and full_sync_completed_at is not null`,
            [userId],
          )
          return rows.length > 0 && (await noSyncPending())
        },
        Boolean,
        { ms: 120_000, everyMs: 25, waitingFor: 'the sync to end' },
      )
    /** How long the user's latest sync job waited in the queue, and when it ended (ms, DB clock). */
    const lastSyncJob = async (userId: string) => {
      const { rows } = await benchPool.query<{
        waited: number
        ran: number | null
        done_at: number | null
      }>(
        `select extract(epoch from started_on - created_on) * 1000 as waited,
         extract(epoch from completed_on - started_on) * 1000 as ran,
         extract(epoch from completed_on) * 1000 as done_at
       from pgboss.job where name = 'mail-sync' and singleton_key = $1
       order by created_on desc limit 1`,
        [userId],
      )
      return {
        waited: Number(rows[0]?.waited ?? NaN),
        ran: Number(rows[0]?.ran ?? NaN),
        doneAt:
          rows[0]?.done_at === undefined || rows[0].done_at === null
            ? null
            : Number(rows[0].done_at),
      }
    }
    const dbNow = async () =>
      Number(
        (
          await benchPool.query<{ at: number }>(
            'select extract(epoch from clock_timestamp()) * 1000 as at',
          )
        ).rows[0]!.at,
      )

    // The backfillers and the regular user sign in; older mail goes into the backfillers' Gmail
    // before anything is timed, so both phases ask the same stand-in holding the same mail.
    console.log(
      `  the instance and the stand-in started in ${ms(performance.now() - setupStarted)}`,
    )
    const sessions = new Map<string, string>()
    for (const user of [...BACKFILLING, REGULAR, SOLO]) {
      sessions.set(user.email, (await signIn({ app }, user.email)).session!)
    }
    let planted = performance.now()
    const withOlderMail = [...BACKFILLING, SOLO]
    const tokens = await Promise.all(withOlderMail.map((user) => accessTokenOf(user.email)))
    const older = withOlderMail.flatMap((user, u) =>
      Array.from({ length: OLD_THREADS }, (_, i) => ({ user, token: tokens[u]!, i })),
    )
    /** Each backfiller's newest history id: where a sync that has all but the older mail is. */
    const historyIds = new Map<string, bigint>()
    await mapWithConcurrency(older, 4, async ({ user, token, i }) => {
      // Archived (no INBOX), 100 days to about three years old: past the 90-day window.
      const historyId = await deliver(token, {
        to: user.email,
        subject: `Older thread ${i + 1}`,
        body_text: `Older thread ${i + 1}, from before the sync window.`,
        internalDate: String(Date.now() - (100 + (i * 1000) / OLD_THREADS) * DAY),
      })
      if (historyId > (historyIds.get(user.email) ?? 0n)) historyIds.set(user.email, historyId)
    })
    console.log(
      `  ${(withOlderMail.length * OLD_THREADS).toLocaleString()} older threads put into the stand-in's Gmail in ${ms(performance.now() - planted)}`,
    )
    const regularId = await userIdOf(REGULAR.email)
    const regularSession = sessions.get(REGULAR.email)!
    const regularToken = await accessTokenOf(REGULAR.email)
    await app.inject({
      url: '/api/gmail/threads?limit=50',
      cookies: { inkwell_session: regularSession },
    })
    await syncSettled(regularId)

    const newcomers = async (accounts: { email: string }[]) => {
      const times: number[] = []
      const waits: number[] = []
      const syncs: number[] = []
      const signIns: number[] = []
      for (const user of accounts) {
        const page = await coldFirstPage(app, user.email, 50)
        times.push(page.elapsed)
        signIns.push(page.signedIn - page.started)
        const userId = await userIdOf(user.email)
        // The newcomer's own sync (the window's mail, fetched whole) ends before the next.
        await syncSettled(userId)
        const job = await lastSyncJob(userId)
        waits.push(job.waited)
        syncs.push(job.ran)
      }
      return { times, waits, syncs, signIns }
    }

    /** The regular user's Refresh, each after a new mail: until the sync is done. */
    const refreshes = async () => {
      const times: number[] = []
      const waits: number[] = []
      for (let i = 0; i < REPEATS; i++) {
        await deliver(regularToken, {
          to: REGULAR.email,
          subject: `Refresh ${performance.now()}`,
          body_text: 'New mail',
          labelIds: ['INBOX', 'UNREAD'],
        })
        const started = performance.now()
        const response = await app.inject({
          method: 'POST',
          url: '/api/gmail/sync',
          headers: { origin: BENCH_APP_URL, prefer: 'wait=60' },
          cookies: { inkwell_session: regularSession },
        })
        if (response.statusCode !== 200)
          throw new Error(`Refresh: ${response.statusCode} ${response.body}`)
        times.push(performance.now() - started)
        waits.push((await lastSyncJob(regularId)).waited)
      }
      return { times, waits }
    }

    /** Gmail's push for the regular user, each after a new mail: until its sync has ended. */
    const pushes = async () => {
      const times: number[] = []
      const waits: number[] = []
      for (let i = 0; i < REPEATS; i++) {
        await deliver(regularToken, {
          to: REGULAR.email,
          subject: `Pushed ${performance.now()}`,
          body_text: 'New mail',
          labelIds: ['INBOX', 'UNREAD'],
        })
        const pushedAt = await dbNow()
        const pushed = await app.inject({
          method: 'POST',
          url: `/api/gmail/push?token=${PUSH_TOKEN}`,
          payload: {
            message: {
              data: Buffer.from(
                JSON.stringify({ emailAddress: REGULAR.email, historyId: '1' }),
              ).toString('base64'),
              messageId: `fairness-${i}`,
            },
            subscription: 'projects/inkwell/subscriptions/gmail-push',
          },
        })
        if (pushed.statusCode !== 204) throw new Error(`push: ${pushed.statusCode} ${pushed.body}`)
        const job = await until(
          () => lastSyncJob(regularId),
          (j) => j.doneAt !== null && j.doneAt > pushedAt,
          { ms: 60_000, everyMs: 10, waitingFor: "the push's sync" },
        )
        times.push(job.doneAt! - pushedAt)
        waits.push(job.waited)
      }
      return { times, waits }
    }

    /** How far the user's backfill has come, and whether it has ended. */
    const backfillOf = async (userId: string) =>
      (
        await benchPool.query<{ threads: number; done: boolean }>(
          `select backfill_threads as threads, backfill_done_at is not null as done
           from mail_sync_state where user_id = $1`,
          [userId],
        )
      ).rows[0] ?? { threads: 0, done: false }
    /** ARCHIVES of the user's Inbox threads. */
    const inboxIds = async (session: string) => {
      const inbox = await app.inject({
        url: `/api/gmail/threads?label=INBOX&limit=${ARCHIVES}`,
        cookies: { inkwell_session: session },
      })
      const ids = (inbox.json().threads as { id: string }[]).map((t) => t.id)
      if (ids.length < ARCHIVES) throw new Error(`only ${ids.length} threads to archive`)
      return ids
    }
    /** One thread action, as the app's button asks for it; how long its answer took (ms). */
    const act = async (session: string, id: string, action: 'archive' | 'unarchive') => {
      const started = performance.now()
      const response = await app.inject({
        method: 'POST',
        url: `/api/gmail/threads/${encodeURIComponent(id)}/actions`,
        headers: { origin: BENCH_APP_URL },
        cookies: { inkwell_session: session },
        payload: { action },
      })
      if (response.statusCode !== 200)
        throw new Error(`${action}: ${response.statusCode} ${response.body}`)
      return performance.now() - started
    }
    /** Archives ARCHIVES of the user's Inbox threads, one at a time. */
    const archives = async (session: string) => {
      const times: number[] = []
      for (const id of await inboxIds(session)) times.push(await act(session, id, 'archive'))
      return times
    }
    /**
     * Archives and moves back the user's Inbox threads, over and over, until their backfill has
     * made SOLO_STEPS more steps: each action timed, and told apart by whether one of the
     * user's backfill steps was running as it was asked or answered (the steps are paced to
     * the quota, so most of the time the backfill waits for its units).
     */
    const actionsDuringBackfill = async (session: string, userId: string) => {
      const stepRunning = async () =>
        ((
          await benchPool.query(
            `select 1 from pgboss.job
              where name = 'mail-backfill' and singleton_key = $1 and state = 'active'`,
            [userId],
          )
        ).rowCount ?? 0) > 0
      const ids = await inboxIds(session)
      const from = await backfillOf(userId)
      const duringStep: number[] = []
      const betweenSteps: number[] = []
      const deadline = performance.now() + 120_000
      for (;;) {
        const now = await backfillOf(userId)
        const steps = (now.threads - from.threads) / config.mailSync.backfillPageSize
        if (now.done || steps >= SOLO_STEPS || performance.now() > deadline) {
          return { duringStep, betweenSteps, from: from.threads, to: now.threads, done: now.done }
        }
        for (const id of ids) {
          for (const action of ['archive', 'unarchive'] as const) {
            const before = await stepRunning()
            const time = await act(session, id, action)
            const after = await stepRunning()
            ;(before || after ? duringStep : betweenSteps).push(time)
          }
        }
      }
    }

    console.log(`  set up in ${ms(performance.now() - setupStarted)}`)

    const probeGmail = async () => {
      const response = await fetch(`${standIn.apiUrl}/gmail/v1/users/me/labels`, {
        headers: { authorization: `Bearer ${regularToken}` },
      })
      await response.arrayBuffer()
    }

    // 1. Idle: nothing else runs on the instance.
    const idleLoad = load()
    const idleStarted = performance.now()
    let watching = watchInstance(appDatabase.pool, benchPool, probeGmail)
    let cpu = meter()
    const idleNew = await newcomers(IDLE_NEWCOMERS)
    const idleRefresh = await refreshes()
    const idlePush = await pushes()
    const idleArchive = await archives(regularSession)
    const idleShared = watching.stop()
    const idleCpu = cpu()
    console.log(`  idle phase measured in ${ms(performance.now() - idleStarted)}`)

    // 1b. Its own backfill alone: a first visit, its sync, then its backfill's first step.
    const soloId = await userIdOf(SOLO.email)
    const soloSession = sessions.get(SOLO.email)!
    await app.inject({
      url: '/api/gmail/threads?limit=50',
      cookies: { inkwell_session: soloSession },
    })
    await until(
      async () => (await backfillOf(soloId)).threads,
      (threads) => threads > 0,
      { ms: 120_000, everyMs: 50, waitingFor: "the solo user's first backfill step" },
    )
    const solo = await actionsDuringBackfill(soloSession, soloId)

    // 2. The backfills. One backfiller (the one who archives) signs in for real: a first sync,
    // then the backfill. The others are as if they had signed in earlier: their sync state says
    // the window is cached up to the newest history id (the bench does not wait for 50 first
    // syncs, which are not what is measured), and a Refresh each finds nothing new, then asks
    // for the backfill, as every sync does.
    planted = performance.now()
    cpu = meter()
    const backfillIds = await Promise.all(BACKFILLING.map((u) => userIdOf(u.email)))
    const [archiver, ...others] = BACKFILLING
    for (const user of others) {
      await benchPool.query(
        `insert into mail_sync_state (user_id, history_id, full_sync_completed_at, last_synced_at)
         values ($1, $2, now(), now())`,
        [await userIdOf(user.email), String(historyIds.get(user.email))],
      )
    }
    const firstVisit = app.inject({
      url: '/api/gmail/threads?limit=50',
      cookies: { inkwell_session: sessions.get(archiver!.email)! },
    })
    await mapWithConcurrency(others, 8, async (user) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/gmail/sync',
        headers: { origin: BENCH_APP_URL },
        cookies: { inkwell_session: sessions.get(user.email)! },
      })
      if (response.statusCode !== 202) throw new Error(`sync: ${response.statusCode}`)
    })
    await firstVisit
    /** The backfillers' progress: queued or running (a step job pending, or steps made), and done. */
    const backfillState = async () => {
      const { rows } = await benchPool.query<{
        underWay: number
        running: number
        threads: number
      }>(
        `select count(*) filter (where s.backfill_threads > 0 or exists (
             select 1 from pgboss.job j where j.name = 'mail-backfill'
               and j.singleton_key = s.user_id::text and j.state < 'completed')
           )::int as "underWay",
         count(*) filter (where s.backfill_done_at is null)::int as running,
         coalesce(sum(s.backfill_threads), 0)::int as threads
       from mail_sync_state s where s.user_id = any($1::uuid[])`,
        [backfillIds],
      )
      return rows[0]!
    }
    await until(
      async () => (await noSyncPending()) && (await backfillState()).underWay === BACKFILLERS,
      Boolean,
      { ms: 120_000, everyMs: 100, waitingFor: 'every backfill to be under way' },
    )
    const atStart = await backfillState()
    const startCpu = cpu()
    console.log(`  every backfill under way in ${ms(performance.now() - planted)}`)

    const loadedLoad = load()
    const loadedStarted = performance.now()
    watching = watchInstance(appDatabase.pool, benchPool, probeGmail)
    cpu = meter()
    const loadedNew = await newcomers(LOADED_NEWCOMERS)
    const loadedRefresh = await refreshes()
    const loadedPush = await pushes()
    const archiverId = backfillIds[0]!
    const archiverBefore = (await backfillOf(archiverId)).threads
    const loadedArchive = await archives(sessions.get(archiver!.email)!)
    const archiverAfter = await backfillOf(archiverId)
    const loadedShared = watching.stop()
    const loadedCpu = cpu()
    const atEnd = await backfillState()
    console.log(`  loaded phase measured in ${ms(performance.now() - loadedStarted)}`)

    const both = (idle: number[], loaded: number[]) =>
      `p50 ${ratio(loaded, idle, 50).toFixed(2)}×, p99 ${ratio(loaded, idle, 99).toFixed(2)}×`
    const row = (label: string, text: string) => console.log(`  ${label.padEnd(22)}${text}`)
    const loaded = `${BACKFILLERS} backfilling`
    console.log(
      `\nOne instance: ${config.mailSync.workers} sync and ${config.mailSync.workers} backfill workers, a pool of ${POOL} connections, ${LATENCY_MS} ms on every Gmail call, ${paced ? `the ${paced} quota paced` : 'unpaced'}`,
    )
    console.log(
      `  the load: ${atStart.running} of ${BACKFILLERS} mailboxes backfilling as the loaded phase began, ${atEnd.running} as it ended; ${(atEnd.threads - atStart.threads).toLocaleString()} older threads fetched meanwhile`,
    )
    console.log(`  machine load (1, 5, 15 min): idle phase ${idleLoad}; loaded phase ${loadedLoad}`)

    console.log(
      `\nA newcomer's first page (sign-in to 50 Inbox threads), ${NEWCOMERS} newcomers a phase`,
    )
    row('idle instance:', `${spread(idleNew.times)} (the sign-in ${spread(idleNew.signIns)})`)
    row(`${loaded}:`, `${spread(loadedNew.times)} (the sign-in ${spread(loadedNew.signIns)})`)
    row('under load ÷ idle:', `${both(idleNew.times, loadedNew.times)} (target ≤ ${TARGET_RATIO}×)`)
    row(
      'its sync job, idle:',
      `queued ${spread(idleNew.waits)}, ran ${spread(idleNew.syncs)} (first page and the window)`,
    )
    row(`  ${loaded}:`, `queued ${spread(loadedNew.waits)}, ran ${spread(loadedNew.syncs)}`)

    console.log(
      `\nRefresh (POST /api/gmail/sync waited for to its end, a new mail each), ${REPEATS} a phase`,
    )
    row('idle instance:', `${spread(idleRefresh.times)}; queued ${spread(idleRefresh.waits)}`)
    row(
      `${loaded}:`,
      `${spread(loadedRefresh.times)}; queued ${spread(loadedRefresh.waits)} (target: not behind a backfill)`,
    )
    row('under load ÷ idle:', both(idleRefresh.times, loadedRefresh.times))
    console.log(
      `Push (Pub/Sub's POST to /api/gmail/push until its sync has ended), ${REPEATS} a phase`,
    )
    row('idle instance:', `${spread(idlePush.times)}; queued ${spread(idlePush.waits)}`)
    row(
      `${loaded}:`,
      `${spread(loadedPush.times)}; queued ${spread(loadedPush.waits)} (target: not behind a backfill)`,
    )
    row('under load ÷ idle:', both(idlePush.times, loadedPush.times))

    console.log(`\nArchive (POST /api/gmail/threads/:id/actions), ${ARCHIVES} a phase`)
    row('no backfill:', spread(idleArchive))
    console.log(
      `  its own backfill alone, archive and back until it made ${SOLO_STEPS} steps (${solo.from} → ${solo.to} threads${solo.done ? ', and ended' : ''}):`,
    )
    row('  during a step:', `${spread(solo.duringStep)} (${solo.duringStep.length} actions)`)
    row('  between steps:', `${spread(solo.betweenSteps)} (${solo.betweenSteps.length} actions)`)
    row(
      '  ÷ no backfill:',
      `during a step ${both(idleArchive, solo.duringStep)}; between ${both(idleArchive, solo.betweenSteps)} (target: as fast)`,
    )
    row(
      `its own and ${BACKFILLERS - 1} others:`,
      `${spread(loadedArchive)}; its backfill went from ${archiverBefore} to ${archiverAfter.threads} threads meanwhile${archiverAfter.done ? ' and ended' : ''}`,
    )
    row('under load ÷ idle:', both(idleArchive, loadedArchive))

    console.log('\nThe instance meanwhile')
    for (const [label, shared, cpuLine] of [
      ['idle phase:', idleShared, idleCpu],
      ['loaded phase:', loadedShared, loadedCpu],
    ] as const) {
      sharedLines(shared).forEach((line, i) => row(i ? '' : label, line))
      row('', cpuLine)
    }
    row('starting the backfills:', startCpu)
  } finally {
    // Backfill steps still running when the queue stops end on a closed pool: expected here,
    // as in main.ts's drain.
    beginStopping()
    process.on('unhandledRejection', () => {})
    await app.close()
    await appDatabase.close()
    await standIn.close()
    await bench.database.close()
    await bench.stop()
  }
}

runBench(main)
