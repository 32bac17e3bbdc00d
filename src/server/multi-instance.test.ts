import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from './db/schema.js'
import { generateKey, SecretBox } from './lib/crypto.js'
import { startGoogleStandIn, type GoogleStandIn } from './standins/google.js'
import { createTestDatabase } from './test/database.js'
import { startFaultProxy } from './test/fault-proxy.js'
import { until } from './test/eventually.js'
import { freePort } from './test/free-port.js'
import { gmailUnitsOf } from './test/gmail-units.js'
import { startRoundRobinProxy } from './test/round-robin-proxy.js'
import {
  serverProcessEnv,
  signInOver,
  startServerProcess,
  stopServerProcess,
  waitReady,
  type ServerProcess,
} from './test/server-process.js'

const ADA = 'ada@example.com'
/** Small enough that the test's syncs must be paced: the two instances share this budget. */
const UNITS_PER_MINUTE = 900

describe('two instances on one database, behind a round-robin proxy', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let standIn: GoogleStandIn
  let gmailProxy: Awaited<ReturnType<typeof startFaultProxy>>
  let balancer: Awaited<ReturnType<typeof startRoundRobinProxy>>
  const instances: ServerProcess[] = []
  const direct: string[] = []
  const tokenKey = generateKey()

  beforeAll(async () => {
    database = await createTestDatabase()
    const [p1, p2, front] = [await freePort(), await freePort(), await freePort()]
    balancer = await startRoundRobinProxy(front, [
      `http://127.0.0.1:${p1}`,
      `http://127.0.0.1:${p2}`,
    ])
    standIn = await startGoogleStandIn({
      port: await freePort(),
      redirectUris: [`${balancer.url}/api/auth/google/callback`],
      users: [{ email: ADA, name: 'Ada Lovelace' }],
      threadsPerUser: 24,
    })
    gmailProxy = await startFaultProxy(standIn.url)
    // Both instances are the one app behind the balancer: one address, one cookie secret.
    const shared = {
      COOKIE_SECRET: generateKey(),
      APP_URL: balancer.url,
      GMAIL_QUOTA_UNITS_PER_MINUTE: String(UNITS_PER_MINUTE),
    }
    for (const port of [p1, p2]) {
      // Each demo instance starts its own Stripe stand-in; nothing here pays.
      const env = await serverProcessEnv(
        { databaseUrl: database.url, googleUrl: gmailProxy.url, port, tokenKey },
        shared,
      )
      instances.push(startServerProcess(env))
      direct.push(`http://127.0.0.1:${port}`)
    }
    await Promise.all(direct.map((url, i) => waitReady(url, instances[i]!)))
  }, 120_000)

  afterAll(async () => {
    if (process.env.SHOW_INSTANCE_LOGS) for (const i of instances) console.log(i.output())
    await Promise.all(instances.map((instance) => stopServerProcess(instance, 'SIGTERM')))
    await balancer?.close()
    await gmailProxy?.close()
    await standIn?.close()
    await database?.drop()
  })

  it('signs in, reads, acts and receives new mail; one sync at a time, one quota, events everywhere', async () => {
    const started = Date.now()
    // Sign in through the balancer: the login and the callback land on different instances.
    const session = await signInOver(balancer.url, ADA)
    const headers = { cookie: session, origin: balancer.url }
    const get = (base: string, path: string) => fetch(`${base}${path}`, { headers })
    const post = (base: string, path: string, body?: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      })

    // A client listening on the second instance only.
    const stream = await get(direct[1]!, '/api/events')
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const reader = stream.body!.getReader()
    let heard = ''
    const listening = (async () => {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        heard += new TextDecoder().decode(value)
      }
    })()

    // Read: several times through the balancer, so both instances want the first sync.
    const reads = await Promise.all([1, 2, 3, 4].map(() => get(balancer.url, '/api/gmail/threads')))
    for (const read of reads) expect(read.status).toBe(200)
    const { threads } = (await reads[0]!.json()) as { threads: { id: string; subject: string }[] }
    expect(threads.length).toBeGreaterThan(0)

    // Act through one instance; the other sees it at once (one cache).
    const archive = await post(direct[0]!, `/api/gmail/threads/${threads[0]!.id}/actions`, {
      action: 'archive',
    })
    expect(archive.status).toBe(200)
    const inbox = (await (await get(direct[1]!, '/api/gmail/threads')).json()) as {
      threads: { id: string }[]
    }
    expect(inbox.threads.map((t) => t.id)).not.toContain(threads[0]!.id)

    // New mail arrives in Gmail; a refresh through the balancer brings it.
    const [row] = await database.db.select().from(users).where(eq(users.email, ADA))
    const accessToken = new SecretBox(tokenKey).open(row!.gmailAccessToken!)
    const arrived = await fetch(`${standIn.url}/gmail/v1/users/me/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'Ben <ben@example.org>',
        to: ADA,
        subject: 'Arrived while two instances ran',
        body_text: 'Hello from the other side.',
        labelIds: ['INBOX', 'UNREAD'],
      }),
    })
    expect(arrived.ok).toBe(true)
    const refresh = await fetch(`${balancer.url}/api/gmail/sync`, {
      method: 'POST',
      headers: { ...headers, prefer: 'wait=60' },
    })
    expect(refresh.status).toBe(200)
    const after = (await (await get(balancer.url, '/api/gmail/threads')).json()) as {
      threads: { subject: string }[]
    }
    expect(after.threads.map((t) => t.subject)).toContain('Arrived while two instances ran')

    // The listener on the other instance hears the syncs, whoever ran them.
    await until(
      async () => heard,
      (text) => text.includes('event: sync.done'),
      {
        ms: 5_000,
        waitingFor: 'sync.done heard on the other instance',
      },
    )
    await reader.cancel().catch(() => {})
    await listening.catch(() => {})

    // Both instances served; Gmail saw one first sync, not two.
    expect(balancer.served.every((n) => n > 0)).toBe(true)
    const calls = gmailProxy.log.filter((l) => l.path.startsWith('/gmail/'))
    const firstPages = calls.filter(
      (l) => l.path.includes('/messages?') && l.path.includes('labelIds=INBOX'),
    )
    expect(firstPages).toHaveLength(1)
    // …and one listing of the sync window: the full sync ran once, on one instance.
    expect(
      calls.filter((l) => l.path.includes('/threads?') && l.path.includes('q=after')),
    ).toHaveLength(1)

    // Together they stayed within the one budget: a full bucket plus what refilled since.
    const spent = calls.reduce((sum, l) => sum + gmailUnitsOf(l.method, l.path), 0)
    const minutes = (Date.now() - started) / 60_000
    expect(spent).toBeLessThanOrEqual(UNITS_PER_MINUTE * (1 + minutes) + 50)
  }, 120_000)
})
