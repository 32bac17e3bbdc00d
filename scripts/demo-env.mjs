// The environment `npm start` and the journeys run the server in: demo mode, unless the
// environment or `.env` chooses a mode (a self-hoster trying real services on `npm start`).
import { existsSync, readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'

export function demoEnv(env = process.env) {
  const fromFile = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')) : {}
  const chosen = env.INKWELL_MODE ?? fromFile.INKWELL_MODE
  const mode = chosen || 'demo'
  // The demo's terminal says where to open Inkwell and what went wrong, not a JSON line per
  // request (two sign-ins printed 421 of them under the URL). A LOG_LEVEL set anywhere wins.
  const quiet =
    mode === 'demo' && !(env.LOG_LEVEL ?? fromFile.LOG_LEVEL) ? { LOG_LEVEL: 'warn' } : {}
  return { ...env, INKWELL_MODE: mode, ...quiet }
}
