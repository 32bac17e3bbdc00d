import path from 'node:path'
import { loadConfigOrExit, loadDotEnv } from './config.js'
import { buildApp } from './app.js'
import { beginStopping, isStopping } from './lib/stopping.js'
import { startRuntime } from './runtime.js'

loadDotEnv()
const config = loadConfigOrExit()
/**
 * Start-up and shutdown lines: words for a person at a terminal in demo mode, one JSON object
 * a line (the request logs' format) in production, where a log collector reads them.
 */
const say =
  config.mode === 'demo'
    ? (message: string) => console.log(`[inkwell] ${message}`)
    : (message: string) =>
        console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: message }))

const runtime = await startRuntime(config, say)
const app = await buildApp({
  ...runtime.deps,
  webRoot: process.env.INKWELL_API_ONLY ? null : path.resolve('dist/web'),
})

/**
 * Drains: `/readyz` turns 503 at once, new requests keep being served for the grace period
 * (while the load balancer notices), then the listener closes, in-flight requests finish,
 * background syncs settle, and the database pool closes. A drain that hangs is cut short.
 */
async function shutdown(signal: string) {
  if (isStopping()) return
  beginStopping()
  say(`${signal} received, draining…`)
  // The embedded database is stopping too: the syncs and jobs still running fail, as expected,
  // and each would log it. What is left to say is an error, or "stopped".
  if (runtime.embeddedDatabase) app.log.level = 'error'
  app.startDraining()
  // After the grace period, what is left takes seconds: workers get 4 s to finish (their jobs
  // are then handed back and retried), the pool 2 s. Anything stuck longer is cut short.
  const hardStop = setTimeout(() => {
    say('draining took too long; stopping now')
    process.exit(1)
  }, config.shutdownGraceMs + 9_000)
  hardStop.unref()
  await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs))
  // A close that fails on the way out does not end the drain here: the pool, the stand-ins and
  // the embedded database would be left running, and the process with them until the hard stop.
  await app.close().catch(failedWhileDraining)
  await runtime.stop()
  say('stopped')
  process.exit(0)
}
/** What failed during the drain: said, except with the embedded database (see below). */
function failedWhileDraining(error: unknown): void {
  if (runtime.embeddedDatabase) return
  say(`while draining: ${error instanceof Error ? error.message : String(error)}`)
}
// SIGHUP: the terminal `npm start` runs in was closed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(signal))
}
// While draining, what is being stopped may fail on its way out: the job queue completing a
// job on a database a terminal's Ctrl-C already stopped (the demo's embedded PostgreSQL gets
// Ctrl-C too, so there it goes unsaid). The drain goes on to "stopped". At any other time an
// unhandled failure is a bug: it is said, and the process exits as Node's default would.
process.on('unhandledRejection', (error) => {
  if (isStopping()) return failedWhileDraining(error)
  console.error(error)
  process.exit(1)
})

try {
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  console.error(error)
  await runtime.stop()
  process.exit(1)
}
const google = config.google.mode === 'standin' ? 'the local Google stand-in' : 'Google'
say(`Inkwell is running in ${config.mode} mode with ${google}.`)
if (config.stripe.mode === 'standin') say('Payments go to the local Stripe stand-in.')
say(`Open ${config.appUrl}`)
