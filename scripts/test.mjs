// `npm test`: every check a change can break, with what each step took and how busy the machine
// was meanwhile, so a slow CI run says where its time went (decision 057).
//
// The steps form a small graph rather than a line: each starts as soon as what it needs has
// passed. The type check, lint, the build and the unit and integration tests need only the
// dependencies; the browser journeys need the build and, for the machine's sake, the unit
// tests' end (below).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const steps = [
  { name: 'dependencies', command: 'node scripts/ensure-deps.mjs' },
  // The whole tree (web, server, tests, scripts) with the DOM's types; the server alone, with
  // no DOM, is checked by its build below, which compiles it with tsconfig.server.json.
  { name: 'type check', command: 'npx tsc --noEmit -p tsconfig.json', after: ['dependencies'] },
  { name: 'lint', command: 'npm run --silent lint', after: ['dependencies'] },
  {
    name: 'build',
    command: 'node scripts/ensure-chromium.mjs && node scripts/build-if-stale.mjs',
    after: ['dependencies'],
  },
  {
    name: 'unit and integration tests',
    command: 'npm run --silent test:unit',
    after: ['dependencies'],
  },
  // After the unit tests, not beside them: together they kept both cores at 100% for the whole
  // run, and three runs in five failed on some check that waits a fixed time (decision 057).
  // One after the other is no slower (255 s + 391 s against 580–670 s side by side).
  {
    name: 'browser journeys',
    command: 'node scripts/e2e.mjs',
    after: ['build', 'unit and integration tests'],
  },
]
// Their output is kept whole and printed as each ends: the tests' and journeys' lines stream.
const streamed = new Set(['unit and integration tests', 'browser journeys'])

/** The machine's busy and total CPU ticks so far (Linux); null elsewhere. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1)
    const ticks = fields.map(Number)
    const total = ticks.reduce((sum, t) => sum + t, 0)
    const idle = ticks[3] + (ticks[4] ?? 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}
const busyShare = (from, to) =>
  from && to && to.total > from.total
    ? `${Math.round((100 * (to.busy - from.busy)) / (to.total - from.total))}% CPU`
    : ''

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const began = Date.now()
const startTicks = cpuTicks()
const timings = []

function run({ name, command }) {
  const started = Date.now()
  const ticks = cpuTicks()
  console.log(`[inkwell test] ${name}: started at ${seconds(started - began)}`)
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: streamed.has(name) ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code) => {
      const took = Date.now() - started
      if (output.length > 0) process.stdout.write(Buffer.concat(output))
      const cpu = busyShare(ticks, cpuTicks())
      timings.push({ name, started: started - began, took, ok: code === 0, cpu })
      console.log(
        `[inkwell test] ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}` +
          (cpu ? ` (machine ${cpu})` : ''),
      )
      resolve(code === 0)
    })
  })
}

function summary() {
  console.log('\n[inkwell test] where the time went (start, duration, machine CPU meanwhile):')
  for (const t of timings)
    console.log(
      `  ${t.ok ? ' ' : '✗'} ${t.name.padEnd(28)} at ${seconds(t.started).padStart(7)}  ` +
        `${seconds(t.took).padStart(8)}  ${t.cpu}`,
    )
  const cpu = busyShare(startTicks, cpuTicks())
  console.log(`  the run took ${seconds(Date.now() - began)}${cpu ? `, machine ${cpu}` : ''}`)
}

// Each step starts once everything it comes after has passed; a failure stops what has not
// started yet and lets what runs finish, so its output is whole.
const outcome = new Map()
let failed = false
function start(step) {
  const promise = Promise.all((step.after ?? []).map((name) => outcome.get(name))).then((oks) =>
    failed || oks.includes(false) ? false : run(step),
  )
  outcome.set(
    step.name,
    promise.then((ok) => {
      if (!ok) failed = true
      return ok
    }),
  )
}
for (const step of steps) start(step)
const results = await Promise.all(outcome.values())
summary()
process.exit(results.every(Boolean) ? 0 : 1)
