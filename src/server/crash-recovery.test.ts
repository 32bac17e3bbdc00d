import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from './db/schema.js'
import { generateKey, SecretBox } from './lib/crypto.js'
import { startGoogleStandIn, type GoogleStandIn } from './standins/google.js'
import { createTestDatabase } from './test/database.js'
import { startFaultProxy } from './test/fault-proxy.js'
import { until } from './test/eventually.js'
import { freePort } from './test/free-port.js'
import {
  serverProcessEnv,
  signInOver,
  startServerProcess,
  stopServerProcess,
  waitReady,
  type ServerProcess,
} from './test/server-process.js'

const ADA = 'ada@example.com'
const NEW_MAILS = 300

/**
 * Issue 22: a `kill -9` during a sync left the user's mailbox stuck for 17 minutes (the job
 * stayed active until pg-boss's expiry), and a Ctrl-C behind a stuck sync took 30 s.
 */
describe('a server killed or stopped in the middle of a sync', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let standIn: GoogleStandIn
  let gmail: Awaited<ReturnType<typeof startFaultProxy>>
  /** What the fault proxy does to Gmail's thread reads now. */
  let threadReads: 'pass' | 'slow' | 'stuck' = 'pass'
  /** Thread reads Gmail was asked for (counted as they arrive: a stuck one is never answered). */
  let threadReadsAsked = 0
  let server: ServerProcess | undefined
  let url: string
  let env: Record<string, string>
  const tokenKey = generateKey()

  beforeAll(async () => {
    database = await createTestDatabase()
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    standIn = await startGoogleStandIn({
      port: await freePort(),
      redirectUris: [`${url}/api/auth/google/callback`],
      users: [{ email: ADA, name: 'Ada Lovelace' }],
      threadsPerUser: 12,
    })
    gmail = await startFaultProxy(standIn.url, {
      fault: ({ path }) => {
        if (!/\/threads\/[^/?]+/.test(path)) return null
        threadReadsAsked++
        if (threadReads === 'pass') return null
        return { delayMs: threadReads === 'slow' ? 2_000 : 600_000 }
      },
    })
    env = await serverProcessEnv({
      databaseUrl: database.url,
      googleUrl: gmail.url,
      port,
      tokenKey,
    })
  }, 60_000)

  afterAll(async () => {
    await stopServerProcess(server)
    await gmail?.close()
    await standIn?.close()
    await database?.drop()
  })

  async function start(): Promise<void> {
    server = startServerProcess(env)
    await waitReady(url, server)
  }

  /** New mail in Ada's Gmail, as another sender's would arrive. */
  async function deliver(subjects: string[]): Promise<void> {
    const [row] = await database.db.select().from(users).where(eq(users.email, ADA))
    const accessToken = new SecretBox(tokenKey).open(row!.gmailAccessToken!)
    for (let i = 0; i < subjects.length; i += 25) {
      await Promise.all(
        subjects.slice(i, i + 25).map(async (subject) => {
          const answer = await fetch(`${standIn.url}/gmail/v1/users/me/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              from: 'Ben <ben@example.org>',
              to: ADA,
              subject,
              body_text: 'Sent while Inkwell was syncing.',
              labelIds: ['INBOX', 'UNREAD'],
            }),
          })
          expect(answer.ok).toBe(true)
        }),
      )
    }
  }

  async function inboxSubjects(session: string): Promise<string[]> {
    const answer = await fetch(`${url}/api/gmail/threads?limit=500`, {
      headers: { cookie: session },
    })
    const list = (await answer.json()) as { threads: { subject: string }[] }
    return list.threads.map((t) => t.subject)
  }

  async function refresh(session: string): Promise<{ status: number; jobId: string | null }> {
    const answer = await fetch(`${url}/api/gmail/sync`, {
      method: 'POST',
      headers: { cookie: session, origin: url },
    })
    const { jobId } = (await answer.json()) as { jobId: string | null }
    return { status: answer.status, jobId }
  }

  /** True once the sync job `jobId` runs and Gmail has been asked for a thread meanwhile. */
  async function running(jobId: string, threadReadsBefore: number): Promise<boolean> {
    const { rows } = await database.pool.query(
      `select state from pgboss.job where id = $1 and state = 'active'`,
      [jobId],
    )
    return rows.length > 0 && threadReadsAsked > threadReadsBefore
  }

  it(`lists all ${NEW_MAILS} new mails within 60 s of a restart after a kill -9 mid-sync`, async () => {
    await start()
    const session = await signInOver(url, ADA)
    const first = await fetch(`${url}/api/gmail/sync`, {
      method: 'POST',
      headers: { cookie: session, origin: url, prefer: 'wait=60' },
    })
    expect(first.status).toBe(200)

    const subjects = Array.from({ length: NEW_MAILS }, (_, i) => `Arrived mid-sync ${i + 1}`)
    await deliver(subjects)
    // Gmail slows down: the sync that brings them is still reading threads when the server dies.
    threadReads = 'slow'
    const readsBefore = threadReadsAsked
    const queued = await refresh(session)
    expect(queued.status).toBe(202)
    expect(queued.jobId).toBeTruthy()
    await until(
      () => running(queued.jobId!, readsBefore),
      (ok) => ok,
      {
        ms: 30_000,
        waitingFor: 'the sync runs',
      },
    )
    await stopServerProcess(server)
    threadReads = 'pass'

    const restarted = Date.now()
    await start()
    // The user keeps the inbox open: it is read every second, as the app reads it.
    await until(
      async () => {
        const listed = new Set(await inboxSubjects(session))
        return subjects.every((s) => listed.has(s))
      },
      (ok) => ok,
      { ms: 60_000, everyMs: 1_000, waitingFor: `all ${NEW_MAILS} new mails listed` },
    )
    console.log(
      `[crash-recovery] ${NEW_MAILS} new mails listed ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`,
    )
  }, 180_000)

  it('stops within 10 s on SIGTERM while a sync is stuck on Gmail, and the sync is not lost', async () => {
    const session = await signInOver(url, ADA)
    await deliver(['Arrived during a stop'])
    threadReads = 'stuck'
    const readsBefore = threadReadsAsked
    const queued = await refresh(session)
    expect(queued.status).toBe(202)
    await until(
      () => running(queued.jobId!, readsBefore),
      (ok) => ok,
      {
        ms: 30_000,
        waitingFor: 'the sync runs',
      },
    )

    const stopping = Date.now()
    server!.child.kill('SIGTERM')
    const stopped = await Promise.race([
      server!.exited.then(() => 'exited' as const),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ])
    expect(stopped, server!.output()).toBe('exited')
    console.log(
      `[crash-recovery] stopped ${((Date.now() - stopping) / 1000).toFixed(1)} s after SIGTERM`,
    )
    expect(server!.output()).not.toContain('draining took too long')

    // The sync it gave back runs again on the next start, which brings the mail.
    threadReads = 'pass'
    await start()
    await until(
      async () => (await inboxSubjects(session)).includes('Arrived during a stop'),
      (ok) => ok,
      { ms: 60_000, everyMs: 1_000, waitingFor: 'the mail that arrived during the stop listed' },
    )
  }, 120_000)
})
