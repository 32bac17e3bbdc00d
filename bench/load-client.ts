/**
 * The load generator of `npm run bench`, in its own process so it does not share the
 * server's event loop: GETs `url` from `clients` concurrent loops, prints latencies as JSON.
 */
import { performance } from 'node:perf_hooks'

const [url, cookie, clients, requests] = process.argv.slice(2)
const total = Number(requests)
const latencies: number[] = []
let next = 0

async function client() {
  while (next++ < total) {
    const started = performance.now()
    const response = await fetch(url!, { headers: { cookie: cookie! } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`GET answered ${response.status}`)
    latencies.push(performance.now() - started)
  }
}

const started = performance.now()
await Promise.all(Array.from({ length: Number(clients) }, client))
process.stdout.write(JSON.stringify({ latencies, seconds: (performance.now() - started) / 1000 }))
