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
    headers: method === 'POST' ? sameOrigin : {},
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
    'lets each demo account sign in again to its own mailbox, and never to another',
    { timeout: 180_000 },
    async () => {
      const before = new Map<string, { userId: string; session: string }>()
      let sentBeforeRestart = ''

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
        // Something only this run of the stand-in has: Sam's sent message.
        const sam = before.get(DEMO_ACCOUNTS[1].email)!
        const sent = await first.app.inject({
          method: 'POST',
          url: '/api/gmail/send',
          headers: sameOrigin,
          cookies: { inkwell_session: sam.session },
          payload: { to: DEMO_ACCOUNTS[0].email, subject: 'Before the restart', body: 'Hello' },
        })
        expect(sent.statusCode).toBe(200)
        sentBeforeRestart = sent.json().threadId
        expect((await call(first, sam.session, 'POST', '/api/gmail/sync')).statusCode).toBe(200)
        expect(await cachedThreadIds(DEMO_ACCOUNTS[1].email)).toContain(sentBeforeRestart)
      } finally {
        await stopDemo(first)
      }

      const second = await startDemo()
      try {
        // The session outlives the restart, the Google tokens do not: the stand-in refuses the
        // stored one (401), the refresh fails too, and the app asks to connect again.
        for (const { email } of DEMO_ACCOUNTS) {
          const { session } = before.get(email)!
          const sync = await call(second, session, 'POST', '/api/gmail/sync')
          expect(sync.statusCode, email).toBe(401)
          expect(sync.json().error.code).toBe('gmail_not_connected')
          expect((await call(second, session, 'GET', '/api/auth/user')).json()).toMatchObject({
            email,
            gmailConnected: false,
          })
        }

        for (const { email } of DEMO_ACCOUNTS) {
          const { callback, session } = await signIn(second, email)
          expect(callback.headers.location, email).toBe('/oauth-success')
          const me = (await call(second, session!, 'GET', '/api/auth/user')).json()
          expect(me).toMatchObject({ id: before.get(email)!.userId, email, gmailConnected: true })

          const sync = await call(second, session!, 'POST', '/api/gmail/sync')
          expect(sync.statusCode).toBe(200)
          // The stand-in's mailbox is new: the cache is rebuilt rather than patched.
          expect(sync.json().full).toBe(true)
          const cached = await cachedThreadIds(email)
          expect(cached.length).toBeGreaterThan(50)
          expect(new Set(cached.map(mailboxOf))).toEqual(new Set([localPart(email)]))
          const listed = (await call(second, session!, 'GET', '/api/gmail/threads?limit=20')).json()
          expect(listed.threads.length).toBe(20)
        }
        // What only the stopped stand-in had is no longer shown.
        expect(await cachedThreadIds(DEMO_ACCOUNTS[1].email)).not.toContain(sentBeforeRestart)
      } finally {
        await stopDemo(second)
      }
    },
  )
})
