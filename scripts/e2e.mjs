// The browser journeys in lanes that share nothing: each lane is its own Playwright run with
// its own demo server, database, stand-ins and ports, on a share of the spec files. A journey
// signs in as a demo account and changes its mailbox, so two journeys on one server could
// meet; in separate lanes they cannot. Arguments (a spec file, -g …) run one lane with them.
//
// The files go to the lanes by how long each took when last measured (e2e/durations.json),
// longest first onto the lane with least so far, so the lanes end together: Playwright's own
// --shard splits by count, and one long file (the accessibility sweeps) made one lane wait
// minutes for the other. `--record` rewrites the table from this run's times.
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

const DURATIONS = 'e2e/durations.json'
const record = process.argv.includes('--record')
const args = process.argv.slice(2).filter((arg) => arg !== '--record')
const lanes =
  args.length > 0 ? 1 : Number(process.env.E2E_LANES ?? Math.min(2, availableParallelism()))

/** Seconds each spec file took, as last recorded; a file not yet measured counts as the median. */
function weights(files) {
  let known = {}
  try {
    known = JSON.parse(readFileSync(DURATIONS, 'utf8'))
  } catch {
    // No table yet: every file weighs the same, which is --shard's split.
  }
  const measured = Object.values(known).sort((a, b) => a - b)
  const median = measured[Math.floor(measured.length / 2)] ?? 1
  return new Map(files.map((file) => [file, known[file] ?? median]))
}

/** Longest first, each onto the lane with the least so far. */
function assign(files) {
  const weight = weights(files)
  const plan = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }))
  for (const file of [...files].sort((a, b) => weight.get(b) - weight.get(a))) {
    const lightest = plan.reduce((a, b) => (b.seconds < a.seconds ? b : a))
    lightest.files.push(file)
    lightest.seconds += weight.get(file)
  }
  return plan
}

function lane(index, files) {
  // Ports well apart from the demo's (`npm start`) and from each other's; E2E_PORT_OFFSET
  // moves a whole run's, so two checkouts can run their journeys at once.
  const at = Number(process.env.E2E_PORT_OFFSET ?? 0) + index
  const env = {
    ...process.env,
    E2E_PORT: String(4310 + at * 10),
    E2E_PG_PORT: String(5441 + at),
    E2E_GOOGLE_PORT: String(4411 + at),
    E2E_STRIPE_PORT: String(4421 + at),
    E2E_DATA_DIR: `.tmp/e2e-data-${index}`,
    E2E_OUTPUT_DIR: `test-results/lane-${index + 1}`,
    PLAYWRIGHT_JSON_OUTPUT_NAME: `.tmp/e2e-lane-${index + 1}.json`,
  }
  const reporter = [`--reporter=${process.env.CI ? 'line' : 'list'},json`]
  const label = lanes > 1 ? `[lane ${index + 1}] ` : ''
  const started = Date.now()
  return new Promise((resolve) => {
    // Files are named with their folder: Playwright reads each name as a pattern, and a bare
    // "ai.spec.ts" would also match "xai.spec.ts".
    const named = files.map((file) => `e2e/${file}`)
    const child = spawn('npx', ['playwright', 'test', ...reporter, ...named, ...args], {
      env,
      stdio: lanes > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    // Lines of two lanes interleave; each carries its lane's name.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream?.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) process.stdout.write(`${label}${line}\n`)
      })
      stream?.on('end', () => rest && process.stdout.write(`${label}${rest}\n`))
    }
    child.on('close', (code) => {
      const took = ((Date.now() - started) / 1000).toFixed(0)
      if (lanes > 1) console.log(`${label}ended in ${took} s`)
      resolve(code === 0)
    })
  })
}

/** Each spec file's total time in this run, from the lanes' JSON reports. */
function measuredDurations(laneCount) {
  const totals = {}
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          totals[spec.file] = (totals[spec.file] ?? 0) + result.duration / 1000
    for (const child of suite.suites ?? []) walk(child)
  }
  for (let index = 0; index < laneCount; index++) {
    const report = JSON.parse(readFileSync(`.tmp/e2e-lane-${index + 1}.json`, 'utf8'))
    for (const suite of report.suites) walk(suite)
  }
  return Object.fromEntries(
    Object.entries(totals)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, total]) => [file, Math.round(total)]),
  )
}

const specFiles = readdirSync('e2e')
  .filter((name) => name.endsWith('.spec.ts'))
  .sort()
// A lane given no file would run them all, so there are never more lanes than files.
const plan = args.length > 0 ? [{ files: [] }] : assign(specFiles).filter((e) => e.files.length)
if (lanes > 1)
  plan.forEach((entry, index) =>
    console.log(
      `[lane ${index + 1}] ${entry.files.length} files, about ${Math.round(entry.seconds)} s as last measured`,
    ),
  )
const results = await Promise.all(plan.map((entry, index) => lane(index, entry.files)))
const passed = results.every(Boolean)
if (record && passed && args.length === 0) {
  writeFileSync(DURATIONS, `${JSON.stringify(measuredDurations(plan.length), null, 2)}\n`)
  console.log(`Recorded each file's time in ${DURATIONS}.`)
}
process.exit(passed ? 0 : 1)
