import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from './config.js'
import { buildApp } from './app.js'
import { startRuntime } from './runtime.js'
import { emailThreads, users } from './db/schema.js'
import { DEMO_ACCOUNTS } from './standins/demo-accounts.js'
import { createTestDatabase } from './test/database.js'
import { freePort } from './test/free-port.js'
import { APP_URL, sameOrigin, signIn } from './test/harness.js'

/**
 * The demo as `npm start` runs it (runtime.ts: the Google stand-in with the demo mailboxes,
 * the data folder with its key), stopped and started again on the same database.
 */
type Demo = { app: FastifyInstance; runtime: Awaited<ReturnType<typeof startRuntime>> }

let config: Config
let dataDir: string
let database: Awaited<ReturnType<typeof createTestDatabase>>

async function startDemo(): Promise<Demo> {
  const runtime = await startRuntime(config, () => {})
  const app = await buildApp({ ...runtime.deps, webRoot: null })
  await app.ready()
  return { app, runtime }
}

async function stopDemo(demo: Demo) {
  await demo.app.close()
  await demo.runtime.stop()
}

function call(demo: Demo, session: string, method: 'GET' | 'POST', url: string) {
  return demo.app.inject({
    method,
    url,
    // A Refresh here waits for its sync's outcome (the app's own is answered 202 at once).
    headers: method === 'POST' ? { ...sameOrigin, prefer: 'wait=60' } : {},
    cookies: { inkwell_session: session },
  })
}

async function cachedThreadIds(email: string): Promise<string[]> {
  const rows = await database.db
    .select({ threadId: emailThreads.threadId })
    .from(emailThreads)
    .innerJoin(users, eq(users.id, emailThreads.userId))
    .where(eq(users.email, email))
  return rows.map((r) => r.threadId).sort()
}

/** The demo generator names threads `t_<local part>_<n>`: whose mailbox a thread is from. */
const mailboxOf = (threadId: string) => threadId.split('_')[1]
const localPart = (email: string) => email.split('@')[0]!.replace(/[^a-z0-9]/g, '')

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-demo-'))
  config = loadConfig({
    INKWELL_MODE: 'demo',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    GOOGLE_STANDIN_PORT: String(await freePort()),
    STRIPE_STANDIN_PORT: String(await freePort()),
    GMAIL_QUOTA_UNITS_PER_MINUTE: '0',
  })
})
afterAll(async () => {
  await database?.drop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('the demo, restarted on the same data', () => {
  it(
    'keeps each account connected to its own mailbox, with what its user did to it',
    { timeout: 180_000 },
    async () => {
      const before = new Map<string, { userId: string; session: string }>()
      const [alex, sam] = [DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[1].email]
      let archived = ''

      const first = await startDemo()
      try {
        for (const { email } of DEMO_ACCOUNTS) {
          const { callback, session } = await signIn(first, email)
          expect(callback.headers.location, email).toBe('/oauth-success')
          const me = (await call(first, session!, 'GET', '/api/auth/user')).json()
          expect(me).toMatchObject({ email, gmailConnected: true })
          expect((await call(first, session!, 'POST', '/api/gmail/sync')).statusCode).toBe(200)
          before.set(email, { userId: me.id, session: session! })
        }
        // Two things only this run of the stand-in knows: Sam's sent message, Alex's archive.
        const sent = await first.app.inject({
          method: 'POST',
          url: '/api/gmail/send',
          headers: sameOrigin,
          cookies: { inkwell_session: before.get(sam)!.session },
          payload: { to: alex, subject: 'Before the restart', body: 'Hello' },
        })
        expect(sent.statusCode).toBe(200)
        const alexSession = before.get(alex)!.session
        const inbox = (await call(first, alexSession, 'GET', '/api/gmail/threads?limit=5')).json()
        archived = inbox.threads[2].id
        const archive = await first.app.inject({
          method: 'POST',
          url: `/api/gmail/threads/${archived}/actions`,
          headers: sameOrigin,
          cookies: { inkwell_session: alexSession },
          payload: { action: 'archive' },
        })
        expect(archive.statusCode).toBe(200)
      } finally {
        await stopDemo(first)
      }

      const second = await startDemo()
      try {
        // The session and the Google grant outlive the restart, as they do with Google: the
        // stored access token is refused, its refresh token still answers, for the same
        // account. The stand-in's history is new, so the cache is rebuilt, not patched.
        for (const { email } of DEMO_ACCOUNTS) {
          const { session, userId } = before.get(email)!
          const sync = await call(second, session, 'POST', '/api/gmail/sync')
          expect(sync.statusCode, email).toBe(200)
          expect(sync.json().full).toBe(true)
          expect((await call(second, session, 'GET', '/api/auth/user')).json()).toMatchObject({
            id: userId,
            email,
            gmailConnected: true,
          })
          const cached = await cachedThreadIds(email)
          expect(cached.length).toBeGreaterThan(50)
          // Never another account's mail: every demo thread cached is from this mailbox.
          const demoThreads = cached.filter((id) => id.startsWith('t_'))
          expect(new Set(demoThreads.map(mailboxOf))).toEqual(new Set([localPart(email)]))
        }
        // What was done before the restart is still done.
        const alexInbox = await call(
          second,
          before.get(alex)!.session,
          'GET',
          '/api/gmail/threads?limit=100',
        )
        expect(alexInbox.json().threads.map((t: { id: string }) => t.id)).not.toContain(archived)
        const sent = await call(
          second,
          before.get(sam)!.session,
          'GET',
          `/api/gmail/threads?${new URLSearchParams({ q: 'Before the restart', scope: 'label', label: 'SENT' })}`,
        )
        expect(sent.json().threads.map((t: { subject: string }) => t.subject)).toEqual([
          'Before the restart',
        ])

        // Signing in again is still the same account, with its mailbox.
        const { callback, session } = await signIn(second, sam)
        expect(callback.headers.location).toBe('/oauth-success')
        expect((await call(second, session!, 'GET', '/api/auth/user')).json()).toMatchObject({
          id: before.get(sam)!.userId,
          gmailConnected: true,
        })
      } finally {
        await stopDemo(second)
      }
    },
  )
})
