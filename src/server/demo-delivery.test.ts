import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from './config.js'
import { buildApp } from './app.js'
import { startRuntime } from './runtime.js'
import { DEMO_ACCOUNTS } from './standins/demo-accounts.js'
import { createTestDatabase } from './test/database.js'
import { freePort } from './test/free-port.js'
import { signIn } from './test/harness.js'

/**
 * The demo as `npm start` runs it, listening, so the Google stand-in's push reaches it over
 * HTTP: mail one demo account sends another arrives in the other's open app by itself.
 */
type Demo = { app: FastifyInstance; runtime: Awaited<ReturnType<typeof startRuntime>> }

let config: Config
let appUrl: string
let dataDir: string
let database: Awaited<ReturnType<typeof createTestDatabase>>

async function startDemo(): Promise<Demo> {
  const runtime = await startRuntime(config, () => {})
  const app = await buildApp({ ...runtime.deps, webRoot: null })
  await app.listen({ host: '127.0.0.1', port: Number(new URL(appUrl).port) })
  return { app, runtime }
}

async function stopDemo(demo: Demo) {
  await demo.app.close()
  await demo.runtime.stop()
}

type SseEvent = { type: string; arrived?: { subject: string; fromEmail: string }[] }

/**
 * Listens to the user's event stream as the open app does; `next(ok)` answers the first
 * event from now on that `ok` accepts, or throws after 20 s with the events heard.
 */
async function openEvents(session: string) {
  const abort = new AbortController()
  const answer = await fetch(`${appUrl}/api/events`, {
    headers: { cookie: `inkwell_session=${session}` },
    signal: abort.signal,
  })
  expect(answer.status).toBe(200)
  const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  const heard: SseEvent[] = []
  return {
    async next(ok: (event: SseEvent) => boolean): Promise<SseEvent> {
      const timer = setTimeout(() => abort.abort(), 20_000)
      try {
        for (;;) {
          const blocks = buffered.split('\n\n')
          buffered = blocks.pop() ?? ''
          for (const block of blocks) {
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (!data) continue
            const event = JSON.parse(data) as SseEvent
            heard.push(event)
            if (ok(event)) return event
          }
          const { value, done } = await reader.read()
          if (done) throw new Error(`the stream ended; heard ${JSON.stringify(heard)}`)
          buffered += value
        }
      } catch (error) {
        throw new Error(`not heard within 20 s; heard ${JSON.stringify(heard)}`, { cause: error })
      } finally {
        clearTimeout(timer)
      }
    },
    close: () => abort.abort(),
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-delivery-'))
  appUrl = `http://127.0.0.1:${await freePort()}`
  config = loadConfig({
    INKWELL_MODE: 'demo',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_URL: appUrl,
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

describe('mail between demo accounts', () => {
  it(
    "reaches the recipient's open app by itself, as new mail, and is still there after a restart",
    { timeout: 180_000 },
    async () => {
      const [alex, sam] = [DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[1].email]
      const sessions = new Map<string, string>()
      const subject = 'Are you coming on Friday?'
      const origin = { origin: appUrl }

      const first = await startDemo()
      try {
        for (const email of [alex, sam]) {
          const { session } = await signIn(first, email)
          const sync = await first.app.inject({
            method: 'POST',
            url: '/api/gmail/sync',
            headers: { ...origin, prefer: 'wait=60' },
            cookies: { inkwell_session: session! },
          })
          expect(sync.statusCode, email).toBe(200)
          sessions.set(email, session!)
        }
        // Sam's app is open; nothing is asked of the server on Sam's side from here on.
        const events = await openEvents(sessions.get(sam)!)
        try {
          const sent = await first.app.inject({
            method: 'POST',
            url: '/api/gmail/send',
            headers: origin,
            cookies: { inkwell_session: sessions.get(alex)! },
            payload: { to: sam, subject, body: 'Dinner at eight, if you can.' },
          })
          expect(sent.statusCode).toBe(200)
          // What the app plays its sound and shows its desktop notice for (decision 037).
          const done = await events.next(
            (e) => e.type === 'sync.done' && !!e.arrived?.some((m) => m.subject === subject),
          )
          expect(done.arrived).toEqual([expect.objectContaining({ subject, fromEmail: alex })])
        } finally {
          events.close()
        }
        const inbox = await first.app.inject({
          method: 'GET',
          url: `/api/gmail/threads?${new URLSearchParams({ q: subject })}`,
          cookies: { inkwell_session: sessions.get(sam)! },
        })
        expect(inbox.json().threads).toEqual([expect.objectContaining({ subject, isUnread: true })])
      } finally {
        await stopDemo(first)
      }

      const second = await startDemo()
      try {
        const sync = await second.app.inject({
          method: 'POST',
          url: '/api/gmail/sync',
          headers: { ...origin, prefer: 'wait=60' },
          cookies: { inkwell_session: sessions.get(sam)! },
        })
        expect(sync.statusCode).toBe(200)
        const inbox = await second.app.inject({
          method: 'GET',
          url: `/api/gmail/threads?${new URLSearchParams({ q: subject })}`,
          cookies: { inkwell_session: sessions.get(sam)! },
        })
        expect(inbox.json().threads).toEqual([expect.objectContaining({ subject, isUnread: true })])
      } finally {
        await stopDemo(second)
      }
    },
  )
})
