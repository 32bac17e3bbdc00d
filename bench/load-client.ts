/**
 * The load generator of `npm run bench`, in its own process so it does not share the
 * server's event loop: GETs `url` from `clients` concurrent loops, prints latencies as JSON.
 *
 * Each client is one kept-alive connection, as a browser's is, opened and warmed by one untimed
 * request before the clock starts; with `conditional` that request also gives the client the
 * page's ETag, which it then sends back (If-None-Match), so an unchanged list answers 304.
 * Like a browser it asks for brotli or gzip. A response counts when its last byte has arrived;
 * it is not decompressed, which is the browser's work, not the server's: this client shares
 * the machine's cores with the server, and every cycle it spends is one the server loses.
 * Node's own `http` is used for the same reason: `fetch` costs several times its CPU a request.
 */
import http from 'node:http'
import { performance } from 'node:perf_hooks'

// `cookies`: one per line; client i sends line i (mod their number): one browser, one session.
const [url, cookies, clients, requests, mode] = process.argv.slice(2)
const sessions = cookies!.split('\n')
const total = Number(requests)
const conditional = mode === 'conditional'
const latencies: number[] = []
let notModified = 0
let next = 0

const agent = new http.Agent({ keepAlive: true, maxSockets: Number(clients) })

function get(
  cookie: string,
  etag: string | null,
): Promise<{ status: number; etag: string | null }> {
  const headers: Record<string, string> = { cookie, 'accept-encoding': 'br, gzip' }
  if (conditional && etag) headers['if-none-match'] = etag
  return new Promise((resolve, reject) => {
    http
      .get(url!, { agent, headers }, (response) => {
        response.on('data', () => {})
        response.on('end', () => {
          const given = response.headers.etag
          resolve({ status: response.statusCode ?? 0, etag: given ?? etag })
        })
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

async function client(cookie: string, etag: string | null) {
  while (next++ < total) {
    const started = performance.now()
    const response = await get(cookie, etag)
    if (response.status === 304) notModified++
    else if (response.status !== 200) throw new Error(`GET answered ${response.status}`)
    etag = response.etag
    latencies.push(performance.now() - started)
  }
}

// Outside the clock: every client's connection is open, and with `conditional` each holds the
// ETag of its cached page, as a warm browser does.
const cookieOf = (i: number) => sessions[i % sessions.length]!
const etags = await Promise.all(
  Array.from({ length: Number(clients) }, async (_, i) => (await get(cookieOf(i), null)).etag),
)
const started = performance.now()
await Promise.all(etags.map((etag, i) => client(cookieOf(i), etag)))
agent.destroy()
process.stdout.write(
  JSON.stringify({ latencies, notModified, seconds: (performance.now() - started) / 1000 }),
)
