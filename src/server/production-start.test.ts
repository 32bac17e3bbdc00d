import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKey } from './lib/crypto.js'
import { createTestDatabase } from './test/database.js'
import { freePort } from './test/free-port.js'

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

/** The real entry point, as a production host runs it, with demo-only modules forbidden. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './src/server/test/forbid-demo-modules.mjs',
      'src/server/main.ts',
    ],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Settings a production start needs; each refusal test spoils one. */
function productionSettings(databaseUrl: string, port: number): Record<string, string> {
  return {
    INKWELL_MODE: 'production',
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: 'https://mail.example.com',
    DATABASE_URL: databaseUrl,
    GOOGLE_CLIENT_ID: 'inkwell-test.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'not-used',
    TOKEN_ENCRYPTION_KEY: generateKey(),
    COOKIE_SECRET: generateKey(),
    // Never called: nothing here pays. Real Stripe settings, as production requires.
    STRIPE_SECRET_KEY: 'sk_test_not_used',
    STRIPE_WEBHOOK_SECRET: 'whsec_not_used',
    STRIPE_PRICE_ID_MONTHLY: 'price_monthly',
    STRIPE_PRICE_ID_YEARLY: 'price_yearly',
    INKWELL_API_ONLY: '1',
    LOG_LEVEL: 'info',
  }
}

/**
 * The exit code of a start that should refuse, or 'still running' (then ended) when it served
 * instead: a refusal must not wait for anyone to notice.
 */
async function refusal(started: Started): Promise<number | null | 'still running'> {
  const timeout = new Promise<'still running'>((resolve) =>
    setTimeout(() => resolve('still running'), 15_000).unref(),
  )
  const outcome = await Promise.race([started.exited, timeout])
  if (outcome === 'still running') {
    started.child.kill('SIGKILL')
    await started.exited
  }
  return outcome
}

/** A line of a stack trace, as Node prints an uncaught error's. */
const STACK_LINE = /^\s+at /m

async function waitForAnswer(url: string, started: Started): Promise<Response> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (started.child.exitCode !== null) throw new Error(`server exited:\n${started.output()}`)
    try {
      return await fetch(url)
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`no answer from ${url}:\n${started.output()}`)
}

describe('the production start', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('refuses to boot without its settings, and names each one', async () => {
    const started = startServer({ INKWELL_MODE: 'production', DATABASE_URL: database.url })
    expect(await refusal(started)).toBe(1)
    for (const name of ['GOOGLE_CLIENT_ID', 'TOKEN_ENCRYPTION_KEY', 'COOKIE_SECRET', 'APP_URL']) {
      expect(started.output()).toContain(name)
    }
    expect(started.output()).not.toMatch(STACK_LINE)
  })

  // Each of these once started (http), or died with a stack trace in place of a sentence.
  it.each<{ spoiled: Record<string, string>; says: string[] }>([
    {
      spoiled: { APP_URL: 'http://mail.example.com' },
      says: ['APP_URL: must be https in production', 'ALLOW_INSECURE_HTTP=1'],
    },
    {
      spoiled: { TRUST_PROXY: '0.0.0.0/0' },
      says: ['TRUST_PROXY: 0.0.0.0/0 trusts every address'],
    },
    {
      spoiled: { TOKEN_ENCRYPTION_KEY: 'not-a-key' },
      says: ['TOKEN_ENCRYPTION_KEY: must be 32 bytes in base64'],
    },
  ])(
    'refuses to start with $spoiled, naming the setting, without a stack trace',
    async ({ spoiled, says }) => {
      const started = startServer({
        ...productionSettings(database.url, await freePort()),
        ...spoiled,
      })
      expect(await refusal(started), started.output()).toBe(1)
      for (const words of says) expect(started.output()).toContain(words)
      expect(started.output()).not.toMatch(STACK_LINE)
    },
  )

  it('serves without loading any stand-in, reports ready, and drains on SIGTERM', async () => {
    const port = await freePort()
    const started = startServer({
      ...productionSettings(database.url, port),
      // A private network, the one place plain http may serve production.
      APP_URL: `http://localhost:${port}`,
      ALLOW_INSECURE_HTTP: '1',
    })
    try {
      const health = await waitForAnswer(`http://127.0.0.1:${port}/healthz`, started)
      expect(health.status).toBe(200)
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
      expect(await ready.json()).toEqual({ status: 'ready' })
      expect(ready.headers.get('x-request-id')).toBeTruthy()

      // Production logs are JSON lines, request lines carrying the request's id.
      const traced = await fetch(`http://127.0.0.1:${port}/healthz`, {
        headers: { 'x-request-id': 'lb-trace-42' },
      })
      expect(traced.headers.get('x-request-id')).toBe('lb-trace-42')
    } finally {
      started.child.kill('SIGTERM')
    }
    expect(await started.exited).toBe(0)
    const lines = started
      .output()
      .split('\n')
      .filter((line) => line.trim())
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
    expect(lines.some((line) => JSON.parse(line).reqId === 'lb-trace-42')).toBe(true)
    expect(started.output()).not.toContain('demo-only module')
  })
})
