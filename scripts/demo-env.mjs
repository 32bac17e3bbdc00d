// The environment `npm start` and the journeys run the server in: demo mode, unless the
// environment or `.env` chooses a mode (a self-hoster trying real services on `npm start`).
import { existsSync, readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'

export function demoEnv(env = process.env) {
  const fromFile = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')) : {}
  const chosen = env.INKWELL_MODE ?? fromFile.INKWELL_MODE
  return { ...env, INKWELL_MODE: chosen || 'demo' }
}
