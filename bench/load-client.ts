/**
 * The load generator of `npm run bench`, in its own process so it does not share the
 * server's event loop: GETs `url` from `clients` concurrent loops, prints latencies as JSON.
 * Like a browser it accepts brotli and gzip; with `conditional` each client first fetches the
 * page (not timed), then sends back the ETag it was last given (If-None-Match), so an unchanged
 * list answers 304.
 */
import { performance } from 'node:perf_hooks'

const [url, cookie, clients, requests, mode] = process.argv.slice(2)
const total = Number(requests)
const conditional = mode === 'conditional'
const latencies: number[] = []
let notModified = 0
let next = 0

/** A browser revalidating holds the ETag of its cached page: each client fetches its own first. */
async function prime(): Promise<string | null> {
  const response = await fetch(url!, {
    headers: { cookie: cookie!, 'accept-encoding': 'br, gzip' },
  })
  await response.arrayBuffer()
  return response.headers.get('etag')
}

async function client(etag: string | null) {
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

// Outside the clock: the measured requests of `conditional` all carry an ETag, as a warm
// browser's do; otherwise every client's first answer would be a full one.
const etags = await Promise.all(
  Array.from({ length: Number(clients) }, () => (conditional ? prime() : Promise.resolve(null))),
)
const started = performance.now()
await Promise.all(etags.map(client))
process.stdout.write(
  JSON.stringify({ latencies, notModified, seconds: (performance.now() - started) / 1000 }),
)
