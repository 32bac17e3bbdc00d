import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKey } from '../../../lib/crypto.js'
import { startGoogleStandIn, type GoogleStandIn } from '../../../standins/google.js'
import { createTestDatabase } from '../../../test/database.js'
import { until } from '../../../test/eventually.js'
import { startFaultProxy } from '../../../test/fault-proxy.js'
import { freePort } from '../../../test/free-port.js'
import {
  serverProcessEnv,
  signInOver,
  startServerProcess,
  stopServerProcess,
  waitReady,
  type ServerProcess,
} from '../../../test/server-process.js'
import { SNOOZE_QUEUE } from './snooze.js'

const ADA = 'ada@example.com'
const HOUR = 3_600_000

type ListedThread = { id: string; isUnread: boolean }

/**
 * Issue 28's hostile cases, with real server processes on one database: snooze, then
 * `kill -9` the server before the time; the conversation comes back once, on time, after the
 * restart, and once though two instances run. The snooze's time is moved in the database (its
 * row and its queued job), as snooze.test.ts does, so nothing waits an hour.
 */
describe('a snoozed conversation when the server is killed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let standIn: GoogleStandIn
  let gmail: Awaited<ReturnType<typeof startFaultProxy>>
  let appUrl: string
  /** What both instances share: the database, Google, the keys, the one address. */
  let shared: { databaseUrl: string; googleUrl: string; tokenKey: string; cookieSecret: string }
  /** Each instance's port and its own Stripe stand-in's, kept across its restarts. */
  const ports: { app: number; stripe: number }[] = []
  const running: ServerProcess[] = []
  let session: string
  let userId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    for (let i = 0; i < 2; i++) ports.push({ app: await freePort(), stripe: await freePort() })
    appUrl = `http://127.0.0.1:${ports[0]!.app}`
    standIn = await startGoogleStandIn({
      port: await freePort(),
      redirectUris: [`${appUrl}/api/auth/google/callback`],
      users: [{ email: ADA, name: 'Ada Lovelace' }],
      threadsPerUser: 6,
    })
    gmail = await startFaultProxy(standIn.url)
    shared = {
      databaseUrl: database.url,
      googleUrl: gmail.url,
      tokenKey: generateKey(),
      cookieSecret: generateKey(),
    }
  }, 60_000)

  afterAll(async () => {
    await Promise.all(running.map((server) => stopServerProcess(server)))
    await gmail?.close()
    await standIn?.close()
    await database?.drop()
  })

  /** Starts instance `n` (0 or 1) on the shared database; answers its address. */
  async function start(n: number): Promise<{ url: string; server: ServerProcess }> {
    const { app, stripe } = ports[n]!
    const server = startServerProcess(
      await serverProcessEnv(
        { ...shared, port: app },
        {
          COOKIE_SECRET: shared.cookieSecret,
          // Both instances are the one app at one address, as behind a load balancer.
          APP_URL: appUrl,
          STRIPE_STANDIN_PORT: String(stripe),
        },
      ),
    )
    running.push(server)
    const url = `http://127.0.0.1:${app}`
    await waitReady(url, server)
    return { url, server }
  }

  const headers = () => ({ cookie: session, origin: appUrl })

  async function inbox(url: string): Promise<ListedThread[]> {
    const answer = await fetch(`${url}/api/gmail/threads?label=INBOX&limit=500`, {
      headers: headers(),
    })
    expect(answer.status).toBe(200)
    return ((await answer.json()) as { threads: ListedThread[] }).threads
  }

  async function snooze(url: string, threadId: string, at: Date): Promise<void> {
    const answer = await fetch(`${url}/api/gmail/threads/${threadId}/actions`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'snooze', until: at.toISOString() }),
    })
    expect(answer.status, await answer.clone().text()).toBe(200)
  }

  /** Gmail modify calls on the thread: the snooze, then each time it was brought back. */
  const modifiesOf = (threadId: string) =>
    gmail.log.filter((c) => c.method === 'POST' && c.path.includes(`/threads/${threadId}/modify`))
      .length

  const snoozed = async (threadId: string) =>
    (
      await database.pool.query(
        'select 1 from mail_snoozes where user_id = $1 and thread_id = $2',
        [userId, threadId],
      )
    ).rowCount === 1

  /** The snooze's time comes: for its row and for its queued job. */
  async function timePasses(threadId: string): Promise<void> {
    await database.pool.query(
      `update mail_snoozes set until = now() - interval '1 second'
        where user_id = $1 and thread_id = $2`,
      [userId, threadId],
    )
    await database.pool.query(
      'update pgboss.job set start_after = now() where name = $1 and singleton_key = $2',
      [SNOOZE_QUEUE, `${userId}:${threadId}`],
    )
  }

  /** True once no snooze of the thread is left to run: every job of it has ended. */
  async function settled(threadId: string): Promise<boolean> {
    const { rows } = await database.pool.query<{ state: string }>(
      'select state from pgboss.job where name = $1 and singleton_key = $2',
      [SNOOZE_QUEUE, `${userId}:${threadId}`],
    )
    return rows.length > 0 && rows.every((r) => r.state === 'completed')
  }

  /** Waits until the thread is in the Inbox again, unread, and nothing can bring it back again. */
  async function backOnce(url: string, threadId: string, waitingFor: string): Promise<void> {
    await until(
      async () => (await inbox(url)).find((t) => t.id === threadId) ?? null,
      (thread) => thread?.isUnread === true,
      { ms: 30_000, waitingFor },
    )
    await until(() => settled(threadId), Boolean, {
      ms: 30_000,
      waitingFor: `the snooze job of ${threadId} to end`,
    })
    expect(await snoozed(threadId)).toBe(false)
    // Gmail was changed twice: the snooze, and the one return.
    expect(modifiesOf(threadId)).toBe(2)
  }

  it('comes back once, on time after a restart, and once though two instances run', async () => {
    const first = await start(0)
    session = await signInOver(appUrl, ADA)
    const sync = await fetch(`${appUrl}/api/gmail/sync`, {
      method: 'POST',
      headers: { ...headers(), prefer: 'wait=60' },
    })
    expect(sync.status).toBe(200)
    const { rows } = await database.pool.query<{ id: string }>(
      'select id from users where email = $1',
      [ADA],
    )
    userId = rows[0]!.id
    const [dueWhileDown, dueLater] = (await inbox(first.url)).map((t) => t.id)
    expect(dueLater).toBeTruthy()

    for (const threadId of [dueWhileDown!, dueLater!]) {
      await snooze(first.url, threadId, new Date(Date.now() + HOUR))
      expect(modifiesOf(threadId)).toBe(1)
    }
    const listed = (await inbox(first.url)).map((t) => t.id)
    expect(listed).not.toContain(dueWhileDown)
    expect(listed).not.toContain(dueLater)

    // Killed before either time: nothing is drained, nothing handed back.
    await stopServerProcess(first.server)
    // One snooze's time passes while no server runs.
    await timePasses(dueWhileDown!)

    // The same server again, and a second instance beside it, on the same database.
    const [again, second] = await Promise.all([start(0), start(1)])
    await backOnce(again.url, dueWhileDown!, 'the conversation due while down, after the restart')

    // Not before its time: the other is still snoozed, though the restarted servers are
    // bringing back what is due (the first one came back through them).
    expect(await snoozed(dueLater!)).toBe(true)
    expect((await inbox(second.url)).map((t) => t.id)).not.toContain(dueLater)
    expect(modifiesOf(dueLater!)).toBe(1)

    // Its time comes while both instances run: one of them brings it back, once.
    await timePasses(dueLater!)
    await backOnce(second.url, dueLater!, 'the conversation due with two instances running')
  }, 180_000)
})
