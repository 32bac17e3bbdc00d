/**
 * `npm run bench:soak`: the server's memory over a long run of reads and syncs (issue 27: "server
 * RSS flat over a 10-minute soak"). Prints figures, not a pass/fail test; CI does not run it.
 *
 * The real server as its own process (src/server/main.ts, as a host runs it) on an embedded
 * PostgreSQL and the Google stand-in. USERS accounts sign in and sync; then for SOAK_SECONDS,
 * CLIENTS loops read as the web app does (list pages of several views, a search, a thread, the
 * labels, the badge) while every SYNC_EVERY_S seconds new mail is delivered to each account and
 * its Refresh asked for. The server's resident memory is read from /proc every few seconds. After
 * a warm-up minute the figures are its growth from the first minute to the last, and the slope of
 * a line fitted through every sample: flat is a few MB over the run, a leak grows with it.
 */
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { users } from '../src/server/db/schema.js'
import { generateKey, SecretBox } from '../src/server/lib/crypto.js'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { freePort } from '../src/server/test/free-port.js'
import {
  serverProcessEnv,
  signInOver,
  startServerProcess,
  stopServerProcess,
  waitReady,
  type ServerProcess,
} from '../src/server/test/server-process.js'
import { startBenchDatabase } from './database.js'
import { ms, percentile, runBench } from './support.js'

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600)
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 4)
const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 8)
const THREADS = Number(process.env.BENCH_SOAK_THREADS ?? 300)
const SYNC_EVERY_S = 15
const SAMPLE_EVERY_MS = 5_000
const WARM_UP_MS = 60_000
const VIEWS = ['INBOX', 'SENT', 'STARRED', 'ALL', 'UNREAD']
const SEARCHES = ['from:sender', 'is:unread report', 'subject:meeting', 'has:attachment']

/** The process's resident set, in MB, as the kernel counts it. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/** The least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length
  const mx = points.reduce((s, p) => s + p.x, 0) / n
  const my = points.reduce((s, p) => s + p.y, 0) / n
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0)
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0)
  return den === 0 ? 0 : num / den
}

async function main() {
  const bench = await startBenchDatabase('bench-soak')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const accounts = Array.from({ length: USERS }, (_, i) => ({
    email: `soak${i + 1}@inkwell.demo`,
    name: `Soak ${i + 1}`,
  }))
  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [`${url}/api/auth/google/callback`],
    users: accounts,
    threadsPerUser: THREADS,
  })
  const tokenKey = generateKey()
  let server: ServerProcess | undefined
  try {
    server = startServerProcess(
      await serverProcessEnv({ databaseUrl: bench.url, googleUrl: standIn.url, port, tokenKey }),
    )
    await waitReady(url, server)
    const pid = server.child.pid!

    const sessions: string[] = []
    for (const account of accounts) {
      const cookie = await signInOver(url, account.email)
      const synced = await fetch(`${url}/api/gmail/sync`, {
        method: 'POST',
        headers: { cookie, origin: url, prefer: 'wait=120' },
      })
      if (!synced.ok) throw new Error(`${account.email}'s first sync: HTTP ${synced.status}`)
      sessions.push(cookie)
    }
    const secrets = new SecretBox(tokenKey)
    const tokenOf = async (email: string) => {
      const [row] = await bench.database.db.select().from(users).where(eq(users.email, email))
      return secrets.open(row!.gmailAccessToken!)
    }

    const latencies: number[] = []
    let errors = 0
    let delivered = 0
    const get = async (cookie: string, path: string) => {
      const started = performance.now()
      const answer = await fetch(`${url}${path}`, { headers: { cookie } })
      const text = await answer.text()
      latencies.push(performance.now() - started)
      if (!answer.ok) errors++
      return { ok: answer.ok, text }
    }

    const started = Date.now()
    const ends = started + SOAK_SECONDS * 1000
    const samples: { x: number; y: number }[] = []
    const sampler = setInterval(() => {
      samples.push({ x: (Date.now() - started) / 60_000, y: rssMb(pid) })
    }, SAMPLE_EVERY_MS)
    samples.push({ x: 0, y: rssMb(pid) })

    /** One client: what the web app reads, round and round, as one of the users. */
    async function client(n: number) {
      const cookie = sessions[n % sessions.length]!
      for (let round = 0; Date.now() < ends; round++) {
        const view = VIEWS[round % VIEWS.length]!
        const page = await get(cookie, `/api/gmail/threads?label=${view}&limit=50`)
        const listed = page.ok ? (JSON.parse(page.text) as { threads: { id: string }[] }) : null
        const thread = listed?.threads[round % Math.max(1, listed.threads.length)]
        if (thread) await get(cookie, `/api/gmail/threads/${thread.id}`)
        const q = encodeURIComponent(SEARCHES[round % SEARCHES.length]!)
        await get(cookie, `/api/gmail/threads?q=${q}&scope=label&label=INBOX&limit=50`)
        await get(cookie, '/api/gmail/labels')
        await get(cookie, '/api/gmail/unread-count')
      }
    }

    /** New mail for every account and its Refresh, as push and the user's Refresh would bring. */
    async function syncs() {
      while (Date.now() < ends) {
        await new Promise((resolve) => setTimeout(resolve, SYNC_EVERY_S * 1000))
        await Promise.all(
          accounts.map(async (account, i) => {
            const token = await tokenOf(account.email)
            const answer = await fetch(`${standIn.url}/gmail/v1/users/me/messages`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                from: 'Ben <ben@example.org>',
                to: account.email,
                subject: `Soak ${delivered + i}`,
                body_text: 'New mail during the soak.',
                labelIds: ['INBOX', 'UNREAD'],
              }),
            })
            if (answer.ok) delivered++
            const refresh = await fetch(`${url}/api/gmail/sync`, {
              method: 'POST',
              headers: { cookie: sessions[i]!, origin: url },
            })
            if (refresh.status >= 500) errors++
          }),
        )
      }
    }

    console.log(
      `[soak] ${USERS} users × ${THREADS} threads, ${CLIENTS} clients reading, a sync every ${SYNC_EVERY_S} s, for ${SOAK_SECONDS} s`,
    )
    await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), syncs()])
    clearInterval(sampler)
    samples.push({ x: (Date.now() - started) / 60_000, y: rssMb(pid) })

    const warm = samples.filter((s) => s.x * 60_000 >= WARM_UP_MS)
    const minutes = samples.at(-1)!.x
    const firstMinute = warm.filter((s) => s.x < WARM_UP_MS / 60_000 + 1).map((s) => s.y)
    const lastMinute = warm.filter((s) => s.x > minutes - 1).map((s) => s.y)
    const avg = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length
    const perMinute = warm.length > 2 ? slope(warm) : NaN
    console.log(
      `  requests: ${latencies.length}, of which failed: ${errors}; mails delivered: ${delivered}`,
    )
    console.log(
      `  answers: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
    )
    console.log(
      `  server RSS: ${samples[0]!.y.toFixed(0)} MB at the start, ${Math.max(...samples.map((s) => s.y)).toFixed(0)} MB at most`,
    )
    console.log(
      `  after the warm-up minute: ${avg(firstMinute).toFixed(0)} MB → ${avg(lastMinute).toFixed(0)} MB in the last minute; fitted slope ${perMinute.toFixed(2)} MB/min over ${(minutes - 1).toFixed(1)} min (flat: within a few MB)`,
    )
  } finally {
    await stopServerProcess(server, 'SIGTERM')
    await standIn.close()
    await bench.database.close()
    await bench.stop()
  }
}

runBench(main)
