/**
 * The Google stand-in and its latency proxy in a process of their own, for benches that load
 * the app with many mailboxes: in the app's process, the stand-in's work of answering Gmail
 * would hold the app's event loop, which Gmail's servers never do.
 *
 * Run by `startStandInProcess` (below) as `tsx bench/stand-in-process.ts '<options JSON>'`; it
 * prints one line of JSON with its addresses, then runs until its parent closes its stdin.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startGoogleStandIn, type StandInUser } from '../src/server/standins/google.js'
import { startFaultProxy } from '../src/server/test/fault-proxy.js'
import { freePort } from '../src/server/test/free-port.js'

export type StandInProcessOptions = {
  users: StandInUser[]
  threadsPerUser: number
  redirectUris: string[]
  /** Added to every Gmail API call, as run.ts does (Gmail's own round trip). */
  latencyMs: number
}

/** Where the stand-in answers: OAuth and the account chooser, and the Gmail API behind latency. */
export type StandInAddresses = { url: string; apiUrl: string }

/** Starts the stand-in in a child process; `close` ends it. */
export async function startStandInProcess(options: StandInProcessOptions) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const addresses = await new Promise<StandInAddresses>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.once('line', (line) => resolve(JSON.parse(line) as StandInAddresses))
    child.once('exit', (code) => reject(new Error(`the stand-in process exited ${code}`)))
  })
  return {
    ...addresses,
    pid: child.pid,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.stdin.end()
      }),
  }
}

async function serve(options: StandInProcessOptions) {
  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: options.redirectUris,
    users: options.users,
    threadsPerUser: options.threadsPerUser,
  })
  const proxy = await startFaultProxy(standIn.url, { latencyMs: options.latencyMs })
  process.stdout.write(
    `${JSON.stringify({ url: standIn.url, apiUrl: proxy.url } satisfies StandInAddresses)}\n`,
  )
  // The parent closing stdin (or dying) ends this process.
  process.stdin.resume()
  process.stdin.once('end', () => {
    void Promise.all([proxy.close(), standIn.close()]).finally(() => process.exit(0))
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serve(JSON.parse(process.argv[2] ?? '{}') as StandInProcessOptions).catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
