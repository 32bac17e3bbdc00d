// The server the browser journeys run against: the compiled demo, on a fresh data folder.
import { rmSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { demoEnv } from './demo-env.mjs'

rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true })
const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: demoEnv(),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
