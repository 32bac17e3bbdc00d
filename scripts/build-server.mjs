// Compiles the API server (and the contract it shares with the web app) to dist/server and
// dist/contract, for `node dist/server/main.js`. The SQL migrations travel with it.
import { execSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'

for (const dir of ['dist/server', 'dist/contract']) rmSync(dir, { recursive: true, force: true })
execSync('npx tsc -p tsconfig.server.json', { stdio: 'inherit' })
cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true })
