// The browser journeys in lanes that share nothing: each lane is its own Playwright run with
// its own demo server, database, stand-ins and ports, on a share of the spec files. A journey
// signs in as a demo account and changes its mailbox, so two journeys on one server could
// meet; in separate lanes they cannot. Arguments (a spec file, -g …) run one lane with them.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

const args = process.argv.slice(2)
const lanes =
  args.length > 0 ? 1 : Number(process.env.E2E_LANES ?? Math.min(2, availableParallelism()))

function lane(index) {
  // Ports well apart from the demo's (`npm start`) and from each other's.
  const env = {
    ...process.env,
    E2E_PORT: String(4310 + index * 10),
    E2E_PG_PORT: String(5441 + index),
    E2E_GOOGLE_PORT: String(4411 + index),
    E2E_STRIPE_PORT: String(4421 + index),
    E2E_DATA_DIR: `.tmp/e2e-data-${index}`,
    E2E_OUTPUT_DIR: `test-results/lane-${index + 1}`,
  }
  const shard = lanes > 1 ? [`--shard=${index + 1}/${lanes}`] : []
  const label = lanes > 1 ? `[lane ${index + 1}] ` : ''
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...shard, ...args], {
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
    child.on('close', (code) => resolve(code === 0))
  })
}

const results = await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)))
process.exit(results.every(Boolean) ? 0 : 1)
