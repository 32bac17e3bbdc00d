// The server the browser journeys run against: the demo, on a fresh data folder each run.
import { rmSync } from 'node:fs'
import { spawn } from 'node:child_process'

rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true })
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
