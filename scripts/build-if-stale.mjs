// Builds what is missing or older than its sources: the web app (dist/web) and the compiled
// server (dist/server).
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

function newest(...paths) {
  let latest = 0
  for (const entry of paths) {
    const stat = statSync(entry)
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs)
      continue
    }
    for (const child of readdirSync(entry))
      latest = Math.max(latest, newest(path.join(entry, child)))
  }
  return latest
}

const isStale = (built, ...sources) =>
  !existsSync(built) || statSync(built).mtimeMs < newest(...sources)

// The prerendered landing is written last (scripts/prerender.mjs): its date is the web build's.
if (isStale('dist/web/site/landing.html', 'src/web', 'src/contract', 'vite.config.ts', 'scripts')) {
  console.log('[inkwell] Building the web app…')
  execSync(
    'npx vite build --logLevel warn && node scripts/precompress.mjs && node scripts/prerender.mjs',
    { stdio: 'inherit' },
  )
}
if (isStale('dist/server/main.js', 'src/server', 'src/contract', 'tsconfig.server.json')) {
  console.log('[inkwell] Building the server…')
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' })
}
