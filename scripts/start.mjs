// `npm start`: install what is missing, build the web app if needed, then run Inkwell.
// With no configuration that is the demo: embedded PostgreSQL and the Google stand-in.
import { spawn } from 'node:child_process'

await import('./ensure-deps.mjs')
await import('./build-if-stale.mjs')

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
