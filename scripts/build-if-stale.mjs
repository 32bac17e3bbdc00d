// Builds the web app when dist/web is missing or older than its sources.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs)
  }
  return latest
}

// The prerendered landing is written last (scripts/prerender.mjs): its date is the build's.
const built = 'dist/web/site/landing.html'
const sources = Math.max(
  newest('src/web'),
  newest('src/contract'),
  statSync('vite.config.ts').mtimeMs,
  newest('scripts'),
)
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('[inkwell] Building the web app…')
  execSync('npx vite build --logLevel warn && node scripts/prerender.mjs', { stdio: 'inherit' })
}
