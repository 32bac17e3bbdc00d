// `npm test`: every check a change can break, stage by stage, with what each stage took, so a
// slow CI run says where its time went. The type check and lint are independent and each
// mostly one-threaded, so they run side by side; their output is printed whole as each ends.
import { spawn } from 'node:child_process'

const stages = [
  [{ name: 'dependencies', command: 'node scripts/ensure-deps.mjs' }],
  [
    { name: 'type check', command: 'npm run --silent typecheck', buffered: true },
    { name: 'lint', command: 'npm run --silent lint', buffered: true },
  ],
  [{ name: 'unit and integration tests', command: 'npm run --silent test:unit' }],
  [{ name: 'browser journeys', command: 'npm run --silent test:e2e' }],
]

const timings = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function run({ name, command, buffered }) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code) => {
      const took = Date.now() - started
      if (output.length > 0) process.stdout.write(Buffer.concat(output))
      timings.push({ name, took, ok: code === 0 })
      console.log(`[inkwell test] ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}`)
      resolve(code === 0)
    })
  })
}

function summary() {
  console.log('\n[inkwell test] where the time went:')
  for (const t of timings)
    console.log(`  ${t.ok ? ' ' : '✗'} ${t.name.padEnd(28)} ${seconds(t.took)}`)
  console.log(`  (stages run side by side overlap; the run took ${seconds(Date.now() - began)})`)
}

const began = Date.now()
for (const group of stages) {
  const results = await Promise.all(group.map(run))
  if (results.includes(false)) {
    summary()
    process.exit(1)
  }
}
summary()
