// `npm run dev`: the API with restart-on-change (tsx watch) and Vite with hot reload.
// The browser uses Vite's origin; Vite proxies /api to the API server.
import concurrently from 'concurrently'
import { demoEnv } from './demo-env.mjs'

const apiPort = process.env.PORT ?? '3000'
const webPort = process.env.INKWELL_WEB_PORT ?? '5173'
const env = {
  ...demoEnv(),
  PORT: apiPort,
  INKWELL_API_PORT: apiPort,
  INKWELL_WEB_PORT: webPort,
  INKWELL_API_ONLY: '1',
  APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}`,
}

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npx tsx watch --clear-screen=false src/server/main.ts',
      env,
      prefixColor: 'blue',
    },
    { name: 'web', command: 'npx vite', env, prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'] },
)
result.catch(() => process.exit(1))
