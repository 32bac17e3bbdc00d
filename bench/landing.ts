/**
 * `npm run bench:landing`: prints how fast the prerendered landing paints. Not a pass/fail test.
 *
 * The built app (`npm run build`) runs in demo mode; after a warm-up visit, Chromium opens the
 * landing RUNS times with 4× CPU slowdown and a cold browser cache, and prints the median of:
 * first contentful paint, largest contentful paint, the JavaScript fetched before the first
 * paint, and all the JavaScript the page loads (both gzip-compressed, as a CDN would serve).
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { freePort } from '../src/server/test/free-port.js'
import { median } from './support.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CPU_SLOWDOWN = 4

type Sample = { fcp: number; lcp: number; jsBeforePaint: number; jsTotal: number }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort()
  const dataDir = path.resolve('.tmp/bench-landing')
  rmSync(dataDir, { recursive: true, force: true })
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      GOOGLE_STANDIN_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
  })
  const url = `http://localhost:${port}`
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${url}/api/meta`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { url, stop: () => server.kill('SIGINT') }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.kill('SIGINT')
  throw new Error('The server did not start; is the app built (npm run build)?')
}

async function main() {
  const { url, stop } = await startServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  const gzipSizes = new Map<string, number>()
  const gzipSizeOf = async (src: string) => {
    if (!gzipSizes.has(src)) {
      const body = Buffer.from(await (await fetch(src)).arrayBuffer())
      gzipSizes.set(src, gzipSync(body).length)
    }
    return gzipSizes.get(src)!
  }
  try {
    await (await fetch(`${url}/`)).text() // warm the server
    // The machine's floor: a one-heading page with no network, under the same slowdown.
    const floor: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await (
        await context.newCDPSession(page)
      ).send('Emulation.setCPUThrottlingRate', {
        rate: CPU_SLOWDOWN,
      })
      await page.goto('data:text/html,<h1>Inkwell</h1>')
      floor.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              setTimeout(
                () =>
                  resolve(
                    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
                  ),
                300,
              ),
            ),
        ),
      )
      await context.close()
    }
    const samples: Sample[] = []
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 } })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      await page.goto(`${url}/`, { waitUntil: 'networkidle' })
      const timings = await page.evaluate(
        () =>
          new Promise<{
            fcp: number
            lcp: number
            scripts: { name: string; responseEnd: number }[]
          }>((resolve) => {
            let lcp = 0
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) lcp = entry.startTime
            }).observe({ type: 'largest-contentful-paint', buffered: true })
            setTimeout(() => {
              const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
              const scripts = (
                performance.getEntriesByType('resource') as PerformanceResourceTiming[]
              )
                .filter((e) => e.name.endsWith('.js'))
                .map((e) => ({ name: e.name, responseEnd: e.responseEnd }))
              resolve({ fcp, lcp, scripts })
            }, 500)
          }),
      )
      let jsBeforePaint = 0
      let jsTotal = 0
      for (const script of timings.scripts) {
        const size = await gzipSizeOf(script.name)
        jsTotal += size
        if (script.responseEnd <= timings.fcp) jsBeforePaint += size
      }
      samples.push({ fcp: timings.fcp, lcp: timings.lcp, jsBeforePaint, jsTotal })
      await context.close()
    }
    console.log(
      `\nLanding page, Chromium, ${CPU_SLOWDOWN}× CPU slowdown, median of ${RUNS} cold loads`,
    )
    console.log(
      `  a bare page's first paint: ${median(floor).toFixed(0)} ms (this machine's floor)`,
    )
    console.log(`  first contentful paint:   ${median(samples.map((s) => s.fcp)).toFixed(0)} ms`)
    console.log(`  largest contentful paint: ${median(samples.map((s) => s.lcp)).toFixed(0)} ms`)
    console.log(
      `  JS before first paint:    ${kb(median(samples.map((s) => s.jsBeforePaint)))} gzip`,
    )
    console.log(`  JS of the whole page:     ${kb(median(samples.map((s) => s.jsTotal)))} gzip`)
  } finally {
    await browser.close()
    stop()
  }
}

await main()
