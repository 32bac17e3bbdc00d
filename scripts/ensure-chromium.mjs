// The browser journeys run in Debian's Chromium (never a downloaded one). Install it when
// missing and we may; otherwise say exactly what to run.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('[inkwell] Installing Chromium from Debian (apt-get install -y chromium)…')
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
        shell: '/bin/bash',
      },
    )
  } else {
    console.error(
      `[inkwell] Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium\n` +
        'or point CHROMIUM_PATH at a Chromium binary.',
    )
    process.exit(1)
  }
}
