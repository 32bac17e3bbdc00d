// The server the browser journeys run against: the compiled demo, on a fresh data folder.
import { rmSync } from 'node:fs'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { demoEnv } from './demo-env.mjs'
import { recoverFromKilledRun } from '../dist/server/db/embedded.js'

const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data'
// A server killed with -9 alone leaves its embedded PostgreSQL running (decision 003): stop
// it before its folder goes, or it keeps the port.
await recoverFromKilledRun(path.join(dataDir, 'postgres'))
rmSync(dataDir, { recursive: true, force: true })
const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: demoEnv(),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
