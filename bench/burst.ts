/**
 * `npm run bench:burst`: 1,000 new mails arriving at once (issue 27, point 4). Prints figures
 * beside their targets; not a pass/fail test.
 *
 * A user's mailbox (BENCH_BURST_THREADS threads, default 300) is synced from the Google
 * stand-in. Then BENCH_BURST_MAILS new messages (default 1,000) are put into the user's Gmail
 * on the stand-in at once, each its own conversation in the Inbox, and the app is told as
 * Gmail's push tells it (Pub/Sub's POST to /api/gmail/push). The bench reads the Inbox through
 * the list API, as the open app would on the push's event, until all of them are in, and
 * counts the incremental sync's Gmail calls (through a proxy) and their quota units under both
 * price tables. The sync runs unpaced (the stand-in keeps no quota); what the units would take
 * at each per-user quota is printed beside them. BENCH_BURST_QUOTA=legacy (or 2026) paces the
 * app to that model's per-user quota instead, from a full bucket.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { loadavg } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  GMAIL_QUOTA,
  GMAIL_QUOTA_MODELS,
  type GmailQuotaModel,
} from '../src/server/features/mail/gmail/quota.js'
import { mapWithConcurrency } from '../src/server/lib/concurrency.js'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { startFaultProxy } from '../src/server/test/fault-proxy.js'
import { freePort } from '../src/server/test/free-port.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import { startBenchDatabase } from './database.js'
import { describeCalls, gmailCost } from './gmail-calls.js'
import { gmailOperationOf } from '../src/server/test/gmail-units.js'
import {
  BENCH_APP_URL,
  BENCH_REDIRECT_URI,
  median,
  ms,
  runBench,
  startBenchApp,
} from './support.js'

const THREADS = Number(process.env.BENCH_BURST_THREADS ?? 300)
const MAILS = Number(process.env.BENCH_BURST_MAILS ?? 1_000)
const TARGET_MS = 10_000
/** Added to every Gmail call during the burst (Gmail's own round trip), as run.ts does. */
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100)
/** How often the bench reads the list while it waits, as an app refetching on each event. */
const POLL_MS = 100
const USER = { email: 'burst@inkwell.demo', name: 'Burst Mailbox' }
const FOLDER = 'bench-burst'
const QUOTA = process.env.BENCH_BURST_QUOTA as GmailQuotaModel | undefined
if (QUOTA && !GMAIL_QUOTA_MODELS.includes(QUOTA)) {
  throw new Error(`BENCH_BURST_QUOTA: one of ${GMAIL_QUOTA_MODELS.join(', ')}`)
}
const PUSH_TOKEN = 'bench-burst-push-token-0123456789'
/** A file to write a CPU profile of the burst to (the stand-in runs in this process too). */
const PROFILE = process.env.BENCH_BURST_PROFILE

type ListAnswer = {
  threads: { threadId: string; subject: string }[]
  nextCursor: string | null
  total: number
  syncing: boolean
}

const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`

/**
 * CPU time (ms) the PostgreSQL whose command line names `dataDir` and its processes have used,
 * from /proc (Linux); null where there is none. Ended backends count through the postmaster's
 * children's times.
 */
function postgresCpuMs(dataDir: string): number | null {
  const stats: { pid: string; ppid: string; ticks: number; childTicks: number }[] = []
  let postmaster: string | null = null
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        // Fields after the command's closing parenthesis: state, ppid, … utime (14), stime (15).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        stats.push({
          pid,
          ppid: fields[1]!,
          ticks: Number(fields[11]) + Number(fields[12]),
          childTicks: Number(fields[13]) + Number(fields[14]),
        })
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)) postmaster = pid
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return null
  }
  if (!postmaster) return null
  let ticks = 0
  for (const s of stats) {
    if (s.pid === postmaster) ticks += s.ticks + s.childTicks
    else if (s.ppid === postmaster) ticks += s.ticks
  }
  // Linux counts in USER_HZ, 100 a second.
  return ticks * 10
}

const minutes = (n: number) => `${(n / 60_000).toFixed(1)} min`

const subjectOf = (i: number) => `Burst ${String(i + 1).padStart(4, '0')} of ${MAILS}`

async function main() {
  console.log(`Before: ${load()}`)
  const { database, stop: stopDatabase } = await startBenchDatabase(FOLDER)
  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [BENCH_REDIRECT_URI],
    users: [USER],
    threadsPerUser: THREADS,
  })
  const proxy = await startFaultProxy(standIn.url, {})
  const { app, secrets } = await startBenchApp({
    database,
    standInUrl: standIn.url,
    gmailUrl: proxy.url,
    env: {
      // The stand-in keeps no quota: the sync runs unpaced and its units are counted instead,
      // unless the bench is asked to pace to a model's quota.
      ...(QUOTA ? { GMAIL_QUOTA_MODEL: QUOTA } : { GMAIL_QUOTA_UNITS_PER_MINUTE: '0' }),
      GMAIL_PUBSUB_TOPIC: 'projects/inkwell/topics/gmail',
      GMAIL_PUSH_TOKEN: PUSH_TOKEN,
    },
  })
  const { pool } = database

  const session = (await signIn({ app }, USER.email)).session!
  const inbox = async (cursor: string | null = null, limit = 50): Promise<ListAnswer> => {
    const response = await app.inject({
      url: `/api/gmail/threads?label=INBOX&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      cookies: { inkwell_session: session },
    })
    if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode}`)
    return response.json() as ListAnswer
  }
  const syncAndWait = async () => {
    const done = await app.inject({
      method: 'POST',
      url: '/api/gmail/sync',
      headers: { origin: BENCH_APP_URL, prefer: 'wait=600' },
      cookies: { inkwell_session: session },
    })
    if (done.statusCode !== 200) throw new Error(`sync: ${done.statusCode} ${done.body}`)
  }

  // 1. The synced mailbox: the first visit, its whole window, and its backfill ended.
  console.log(`Syncing a ${THREADS.toLocaleString()}-thread mailbox from the stand-in…`)
  await inbox()
  await syncAndWait()
  for (let i = 0; ; i++) {
    const { rows } = await pool.query<{ done: boolean }>(
      `select s.backfill_done_at is not null as done from mail_sync_state s
        join users u on u.id = s.user_id where u.email = $1`,
      [USER.email],
    )
    if (rows[0]?.done) break
    if (i > 1200) throw new Error('the backfill did not end within 2 minutes')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // A quiet mailbox's bucket is full: it refills within a minute.
  if (QUOTA) await new Promise((resolve) => setTimeout(resolve, 60_000))
  // A sync just done: no read during the burst finds the cache stale and asks for another.
  await syncAndWait()
  const before = (await inbox()).total
  console.log(`  synced: ${before.toLocaleString()} conversations in the Inbox`)

  // 2. The burst, put into Gmail directly (not through the proxy: Gmail's own delivery).
  const {
    rows: [owner],
  } = await pool.query<{ token: string }>(
    'select gmail_access_token as token from users where email = $1',
    [USER.email],
  )
  const accessToken = secrets.open(owner!.token)
  const firstDate = Date.now()
  let started = performance.now()
  await mapWithConcurrency(
    Array.from({ length: MAILS }, (_, i) => i),
    8,
    async (i) => {
      const response = await fetch(`${standIn.url}/gmail/v1/users/me/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: `Sender ${i % 97} <sender${i % 97}@example.org>`,
          to: USER.email,
          subject: subjectOf(i),
          body_text: `Message ${i + 1} of the burst.\n\nSome words of the body. `.repeat(4),
          labelIds: ['INBOX', 'UNREAD'],
          // A millisecond apart, in the order sent: the last is the newest.
          internalDate: String(firstDate + i),
        }),
      })
      if (!response.ok) throw new Error(`insert ${i}: ${response.status} ${await response.text()}`)
    },
  )
  console.log(
    `  ${MAILS.toLocaleString()} new messages put into the stand-in's Gmail in ${ms(performance.now() - started)}`,
  )

  // 3. Gmail's push, as Pub/Sub delivers it; then the list, read until every new mail is in.
  console.log(`Burst: ${load()}`)
  const profiler = PROFILE ? new Session() : null
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  proxy.setLatency(LATENCY_MS)
  const fromCall = proxy.log.length
  const postgresDir = path.resolve('.tmp', FOLDER)
  const cpuBefore = { node: process.cpuUsage(), postgres: postgresCpuMs(postgresDir) }
  started = performance.now()
  const pushed = await app.inject({
    method: 'POST',
    url: `/api/gmail/push?token=${PUSH_TOKEN}`,
    payload: {
      message: {
        data: Buffer.from(JSON.stringify({ emailAddress: USER.email, historyId: '1' })).toString(
          'base64',
        ),
        messageId: 'burst',
      },
      subscription: 'projects/inkwell/subscriptions/gmail-push',
    },
  })
  if (pushed.statusCode !== 204) throw new Error(`push: ${pushed.statusCode} ${pushed.body}`)
  const newest = subjectOf(MAILS - 1)
  let firstPageMs: number | null = null
  let allMs: number | null = null
  let reads = 0
  while (allMs === null) {
    const page = await inbox()
    reads++
    const at = performance.now() - started
    if (firstPageMs === null && page.threads[0]?.subject === newest) firstPageMs = at
    if (page.total >= before + MAILS) allMs = at
    else if (at > 600_000) throw new Error(`after 10 minutes ${page.total - before} are in`)
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  // The sync may still be saving its state: its calls are all counted once it has ended.
  for (let i = 0; (await inbox()).syncing; i++) {
    if (i > 600) throw new Error('the sync did not end')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const calls = proxy.log.slice(fromCall)
  const nodeCpu = process.cpuUsage(cpuBefore.node)
  const postgresAfter = postgresCpuMs(postgresDir)
  if (profiler && PROFILE) {
    const { profile } = await profiler.post('Profiler.stop')
    writeFileSync(PROFILE, JSON.stringify(profile))
    profiler.disconnect()
  }

  // Every new mail is a row of the Inbox's pages, not only a count.
  const seen = new Set<string>()
  let cursor: string | null = null
  do {
    const page: ListAnswer = await inbox(cursor, 500)
    for (const t of page.threads) if (t.subject.startsWith('Burst ')) seen.add(t.subject)
    cursor = page.nextCursor
  } while (cursor)

  // 4. The figures.
  const { byOperation, units } = gmailCost(calls)
  const spanOf = (operation: string) => {
    const of = calls.filter((c) => gmailOperationOf(c.method, c.path) === operation)
    if (of.length === 0) return null
    const from = Math.min(...of.map((c) => c.startedAt))
    const to = Math.max(...of.map((c) => c.endedAt))
    let inFlight = 0
    let most = 0
    const edges = of.flatMap((c) => [
      { at: c.startedAt, step: 1 },
      { at: c.endedAt, step: -1 },
    ])
    for (const edge of edges.sort((a, b) => a.at - b.at || a.step - b.step)) {
      inFlight += edge.step
      most = Math.max(most, inFlight)
    }
    const t0 = proxy.log[fromCall]?.startedAt ?? from
    const each = median(of.map((c) => c.endedAt - c.startedAt))
    return `${of.length.toLocaleString()} from +${ms(from - t0)} to +${ms(to - t0)}, at most ${most} in flight, each ${ms(each)} (median, at the proxy)`
  }
  console.log(
    `\n${MAILS.toLocaleString()} new mails at once, told by push (${THREADS.toLocaleString()}-thread mailbox, ${LATENCY_MS} ms on every Gmail call, ${QUOTA ? `paced to the ${QUOTA} quota` : 'unpaced'}, ${load()})`,
  )
  console.log(
    `  all ${MAILS.toLocaleString()} in the Inbox list: ${ms(allMs)} (target ≤ ${ms(TARGET_MS)}) ${allMs <= TARGET_MS ? 'met' : 'NOT met'}; ${seen.size.toLocaleString()} of them found paging the list`,
  )
  console.log(
    `  first page showing the newest: ${firstPageMs === null ? 'never seen' : ms(firstPageMs)} (${reads} list reads, one every ${POLL_MS} ms)`,
  )
  console.log(
    `  CPU meanwhile: this process (the app, the stand-in, these reads) ${ms((nodeCpu.user + nodeCpu.system) / 1000)}, PostgreSQL ${postgresAfter === null || cpuBefore.postgres === null ? 'unknown' : ms(postgresAfter - cpuBefore.postgres)}`,
  )
  console.log(`  Gmail calls: ${describeCalls(byOperation)}`)
  for (const operation of ['historyList', 'threadsGet', 'messagesGet']) {
    const span = spanOf(operation)
    if (span) console.log(`    ${operation}: ${span}`)
  }
  for (const model of GMAIL_QUOTA_MODELS) {
    const { unitsPerMinute } = GMAIL_QUOTA[model]
    // A full bucket holds a minute's units, less the tenth background work leaves (quota.ts).
    const atOnce = unitsPerMinute - unitsPerMinute / 10
    const paced = (Math.max(0, units[model] - atOnce) / unitsPerMinute) * 60_000
    console.log(
      `  ${model} quota: ${units[model].toLocaleString()} units, ${(units[model] / MAILS).toFixed(1)} per new mail; at ${unitsPerMinute.toLocaleString()} units a minute that is ${minutes((units[model] / unitsPerMinute) * 60_000)} of the user's quota (${minutes(paced)} of waiting from a full bucket)`,
    )
  }

  await app.close()
  await proxy.close()
  await standIn.close()
  await database.close()
  await stopDatabase()
}

runBench(main)
