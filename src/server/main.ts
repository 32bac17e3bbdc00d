import path from 'node:path'
import { loadConfig, loadDotEnv } from './config.js'
import { buildApp } from './app.js'
import { startRuntime } from './runtime.js'

loadDotEnv()
const config = loadConfig()
const say = (message: string) => console.log(`[inkwell] ${message}`)

const runtime = await startRuntime(config, say)
const app = await buildApp({
  ...runtime.deps,
  webRoot: process.env.INKWELL_API_ONLY ? null : path.resolve('dist/web'),
})

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  say(`${signal} received, shutting down…`)
  await app.close()
  await runtime.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

try {
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  console.error(error)
  await runtime.stop()
  process.exit(1)
}
const mode = config.google.mode === 'standin' ? 'demo mode (local Google stand-in)' : 'Google'
say(`Inkwell is running in ${mode}.`)
if (config.stripe.mode === 'standin') say('Payments go to the local Stripe stand-in.')
say(`Open ${config.appUrl}`)
