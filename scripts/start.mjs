// `npm start`: install what is missing, build what is stale, then run the compiled server.
// With no configuration that is the demo: embedded PostgreSQL and the Google stand-in.
import { spawn } from 'node:child_process'

await import('./ensure-deps.mjs')
await import('./build-if-stale.mjs')
const { demoEnv } = await import('./demo-env.mjs')

const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: demoEnv(),
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
