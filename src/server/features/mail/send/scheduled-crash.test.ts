import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKey, SecretBox } from '../../../lib/crypto.js'
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

const ADA = 'ada@example.com'
const QUEUE = 'scheduled-send'
/** One message Gmail took before the kill (its answer never came), one it never saw. */
const SUBJECTS = ['KilledAnswerHeld', 'KilledRequestHeld'] as const

/**
 * Issue 24's hostile case, with a real server process: a Send later falls due, the server
 * takes it (`sending`) and asks Gmail, and is killed with `kill -9` before Gmail answers. On
 * the same database, the server started again settles it: the message Gmail got is recorded,
 * not sent again; the one Gmail never got is sent. One copy of each in Gmail's Sent.
 *
 * The product's timings are the real ones (decision 053); what would take minutes is made
 * to pass in the database, as snooze-crash.test.ts moves a snooze's time: the send's time
 * (its row and its queued job), and, while no server runs, the 90 s a `sending` row must be
 * silent before another instance may take it over.
 */
describe('a scheduled send when the server is killed mid-send', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let standIn: GoogleStandIn
  let gmail: Awaited<ReturnType<typeof startFaultProxy>>
  /** Whether Gmail's send calls are held now, and how many arrived at the proxy. */
  let holding = true
  let sendsAsked = 0
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
      threadsPerUser: 2,
    })
    gmail = await startFaultProxy(standIn.url, {
      fault: ({ method, path }) => {
        if (method !== 'POST' || !path.includes('/messages/send')) return null
        sendsAsked++
        if (!holding) return null
        // The first send reaches Gmail and its answer is lost with the server; the second
        // never leaves the proxy.
        return { hold: sendsAsked === 1 ? 'answer' : 'request' }
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

  /** Ada's Gmail as the stand-in holds it, asked directly (not through the proxy). */
  async function inGmail<T>(path: string): Promise<T> {
    const { rows } = await database.pool.query<{ token: string }>(
      'select gmail_access_token as token from users where email = $1',
      [ADA],
    )
    const accessToken = new SecretBox(tokenKey).open(rows[0]!.token)
    const answer = await fetch(`${standIn.url}/gmail/v1/users/me/${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(answer.ok, await answer.clone().text()).toBe(true)
    return (await answer.json()) as T
  }

  /** The ids of the messages in Ada's Sent with this subject (one word). */
  async function sentIds(subject: string): Promise<string[]> {
    const q = encodeURIComponent(`subject:${subject}`)
    const found = await inGmail<{ messages?: { id: string }[] }>(
      `messages?labelIds=SENT&q=${q}&includeSpamTrash=true`,
    )
    return (found.messages ?? []).map((m) => m.id)
  }

  type Row = {
    id: string
    subject: string
    status: string
    draft_id: string
    sent_message_id: string | null
  }
  async function rows(): Promise<Row[]> {
    const found = await database.pool.query<Row>(
      'select id, subject, status, draft_id, sent_message_id from scheduled_sends order by subject',
    )
    return found.rows
  }

  /** True once every job of these rows has ended: nothing is left that could send again. */
  async function settled(ids: string[]): Promise<boolean> {
    const { rows: jobs } = await database.pool.query<{ state: string }>(
      'select state from pgboss.job where name = $1 and singleton_key = any($2::text[])',
      [QUEUE, ids],
    )
    return jobs.length > 0 && jobs.every((j) => j.state === 'completed')
  }

  it('sends each message once after the restart: Gmail’s copy is recorded, the lost one sent', async () => {
    await start()
    const session = await signInOver(url, ADA)
    await database.pool.query(
      `update users set plan = 'pro', pro_expiration = now() + interval '30 days'
        where email = $1`,
      [ADA],
    )
    for (const subject of SUBJECTS) {
      const answer = await fetch(`${url}/api/gmail/send`, {
        method: 'POST',
        headers: { cookie: session, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({
          to: 'grace@example.com',
          subject,
          body: 'Sent once, whatever happens to the server.',
          sendAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      })
      expect(answer.status, await answer.clone().text()).toBe(202)
    }
    const ids = (await rows()).map((r) => r.id)
    expect(ids).toHaveLength(2)

    // Their time comes, both at once, so one fetch of the worker takes both.
    await database.pool.query(
      `with due as (
         update scheduled_sends set send_at = now() - interval '1 second' returning id
       )
       update pgboss.job set start_after = now()
        where name = $1 and singleton_key in (select id::text from due)`,
      [QUEUE],
    )

    // Both are being sent: taken, and their sends at Gmail's door; Gmail has one of them.
    await until(
      async () => ({ asked: sendsAsked, statuses: (await rows()).map((r) => r.status) }),
      (now) => now.asked === 2 && now.statuses.every((s) => s === 'sending'),
      { ms: 30_000, waitingFor: 'both messages to be sending, their sends held' },
    )
    await until(
      async () => (await Promise.all(SUBJECTS.map(sentIds))).flat().length,
      (count) => count === 1,
      { waitingFor: 'Gmail to hold the first message' },
    )

    await stopServerProcess(server)
    holding = false
    // The rows were left `sending` by the dead server; its 90 s of silence pass while down.
    await database.pool.query(
      `update scheduled_sends set updated_at = now() - interval '2 minutes'
        where status = 'sending'`,
    )
    // Nothing was recorded as sent before the kill: Gmail's answer never came.
    expect((await rows()).map((r) => r.sent_message_id)).toEqual([null, null])

    await start()
    const done = await until(rows, (now) => now.every((r) => r.status === 'sent'), {
      ms: 60_000,
      waitingFor: 'both messages to be sent after the restart',
    })
    await until(() => settled(ids), Boolean, { ms: 30_000, waitingFor: 'the send jobs to end' })
    for (const row of done) {
      const copies = await sentIds(row.subject)
      expect(copies, row.subject).toHaveLength(1)
      expect(row.sent_message_id).toBe(copies[0])
    }
    // Three sends reached the proxy: the two held ones, and after the restart only the one
    // Gmail never got. The one it got was found by its Message-ID, not sent again.
    expect(sendsAsked).toBe(3)
    // The drafts that held them are gone, as after any send.
    const drafts = await inGmail<{ drafts?: { id: string }[] }>('drafts')
    const left = (drafts.drafts ?? []).map((d) => d.id)
    for (const row of done) expect(left).not.toContain(row.draft_id)
  }, 180_000)
})
