import { spawn, type ChildProcess } from 'node:child_process'
import { generateKey } from '../lib/crypto.js'
import { freePort } from './free-port.js'
import { chooseAccount } from './google-sign-in.js'

/** A server started as its own process, as a host runs it: its output, and how it ended. */
export type ServerProcess = {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/**
 * The real entry point (src/server/main.ts under tsx) with only `env` (and PATH): what a test
 * needs that an in-process app cannot give, a process to kill, stop or start again. `preload`
 * adds `--import` modules (the production test forbids the demo's modules with one).
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { preload?: string[] } = {},
): ServerProcess {
  const preload = (options.preload ?? []).flatMap((module) => ['--import', module])
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/**
 * The environment of a demo server process at `http://127.0.0.1:${port}` (API only, warnings
 * only, no Gmail quota) on `databaseUrl`, reaching Google at `googleUrl` (the stand-in, or a
 * fault proxy in front of it), with its own Stripe stand-in on a free port and a fresh cookie
 * secret. `tokenKey` seals the Gmail tokens: the caller keeps it to read them back. What a
 * caller needs otherwise goes in `overrides`, added last.
 */
export async function serverProcessEnv(
  options: { databaseUrl: string; googleUrl: string; port: number; tokenKey: string },
  overrides: Record<string, string> = {},
): Promise<Record<string, string>> {
  const { databaseUrl, googleUrl, port, tokenKey } = options
  return {
    INKWELL_MODE: 'demo',
    DATABASE_URL: databaseUrl,
    GOOGLE_STANDIN_URL: googleUrl,
    TOKEN_ENCRYPTION_KEY: tokenKey,
    COOKIE_SECRET: generateKey(),
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    STRIPE_STANDIN_PORT: String(await freePort()),
    INKWELL_API_ONLY: '1',
    LOG_LEVEL: 'warn',
    GMAIL_QUOTA_UNITS_PER_MINUTE: '0',
    ...overrides,
  }
}

/**
 * Sends `signal` (a `kill -9` unless told) to `server` unless it has exited already, and waits
 * for its exit: a crash mid-test, or the teardown after it. Nothing to do without a server.
 */
export async function stopServerProcess(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (!server) return
  if (server.child.exitCode === null) server.child.kill(signal)
  await server.exited
}

/** Resolves once `url/readyz` answers 200; throws with the output if the process exits first. */
export async function waitReady(url: string, server: ServerProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.child.exitCode !== null) throw new Error(`exited:\n${server.output()}`)
    const answer = await fetch(`${url}/readyz`).catch(() => null)
    if (answer?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} never became ready:\n${server.output()}`)
}

/** The `name=value` of cookie `name` a response sets. */
export const setCookie = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))

/**
 * Signs `email` in at `baseUrl` through the Google stand-in's account chooser, as a browser
 * does; answers the session's `Cookie` header value.
 */
export async function signInOver(baseUrl: string, email: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/google/login`, { redirect: 'manual' })
  const flow = setCookie(login, 'inkwell_oauth')!
  const back = await chooseAccount(login.headers.get('location')!, email)
  const callback = await fetch(`${baseUrl}${back.pathname}${back.search}`, {
    headers: { cookie: flow },
    redirect: 'manual',
  })
  const session = setCookie(callback, 'inkwell_session')
  if (!session) throw new Error(`${email} was not signed in (HTTP ${callback.status})`)
  return session
}
