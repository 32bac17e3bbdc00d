import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4310)
export const E2E_URL = `http://localhost:${PORT}`

/**
 * Journeys run the built app in demo mode (embedded PostgreSQL in a throw-away folder, the
 * Google and Stripe stand-ins) in Debian's Chromium; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  // Each lane of scripts/e2e.mjs has its own, or one lane's clean-up deletes another's traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // CI runs the journeys beside the unit tests on two cores (scripts/test.mjs), so a step may
  // wait its turn for a CPU: the limits leave room for that. A broken journey still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: E2E_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_URL}/api/meta`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: E2E_URL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '5441',
      GOOGLE_STANDIN_PORT: process.env.E2E_GOOGLE_PORT ?? '4411',
      STRIPE_STANDIN_PORT: process.env.E2E_STRIPE_PORT ?? '4421',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The stand-in has no quota: unpaced, a lane's first journey does not wait about 40 s
      // for the demo mailbox's first sync (the pacing has its own tests and bench).
      GMAIL_QUOTA_UNITS_PER_MINUTE: '0',
      // A small Free allowance, so the AI limit journey reaches it in a few calls.
      FREE_AI_EMAILS_PER_MONTH: '6',
      // The offline writer, whatever the developer's shell has configured.
      AI_PROVIDER: 'offline',
    },
  },
})
