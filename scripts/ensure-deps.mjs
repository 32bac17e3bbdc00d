// Installs dependencies when they are missing or older than the lockfile, so `npm start`
// and `npm test` work alone on a fresh clone. Plain Node: it runs before anything is installed.
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const marker = 'node_modules/.package-lock.json'
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)
const stale =
  !existsSync(marker) ||
  mtime('package.json') > mtime(marker) ||
  mtime('package-lock.json') > mtime(marker)

if (stale) {
  console.log('[inkwell] Installing dependencies (npm install)…')
  // `npm ci` trips over lockfiles without other platforms' optional binaries; install instead.
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' })
}
