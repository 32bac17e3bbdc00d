/**
 * The load generator of `npm run bench`, in its own process so it does not share the
 * server's event loop: GETs `url` from `clients` concurrent loops, prints latencies as JSON.
 * Like a browser it accepts brotli and gzip; with `conditional` it also sends back the ETag
 * it was last given (If-None-Match), so an unchanged list answers 304.
 */
import { performance } from 'node:perf_hooks'

const [url, cookie, clients, requests, mode] = process.argv.slice(2)
const total = Number(requests)
const conditional = mode === 'conditional'
const latencies: number[] = []
let notModified = 0
let next = 0

async function client() {
  let etag: string | null = null
  while (next++ < total) {
    const started = performance.now()
    const headers: Record<string, string> = { cookie: cookie!, 'accept-encoding': 'br, gzip' }
    if (conditional && etag) headers['if-none-match'] = etag
    const response = await fetch(url!, { headers })
    await response.arrayBuffer()
    if (response.status === 304) notModified++
    else if (!response.ok) throw new Error(`GET answered ${response.status}`)
    etag = response.headers.get('etag') ?? etag
    latencies.push(performance.now() - started)
  }
}

const started = performance.now()
await Promise.all(Array.from({ length: Number(clients) }, client))
process.stdout.write(
  JSON.stringify({ latencies, notModified, seconds: (performance.now() - started) / 1000 }),
)
