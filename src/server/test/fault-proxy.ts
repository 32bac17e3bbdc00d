import http from 'node:http'

/**
 * Answer with `status` instead of forwarding; or forward after an extra `delayMs`; or forward
 * at once and hold the answer `answerDelayMs` (what arrives is a copy from before meanwhile);
 * or forward, and lose the answer: `lostAnswerStatus` arrives instead (the request was done);
 * or `hold` the call for as long as its caller waits, which only a caller killed ends:
 * `'request'` never forwards it (the stand-in never sees it), `'answer'` forwards it at once
 * and never passes the answer on (the stand-in did it; the caller never hears).
 */
export type Fault =
  | { status: number; headers?: Record<string, string>; body?: string }
  | { delayMs: number }
  | { answerDelayMs: number }
  | { lostAnswerStatus: number }
  | { hold: 'request' | 'answer' }

export type FaultProxyOptions = {
  /** Added before every request is forwarded. */
  latencyMs?: number
  /** Decides per request whether to answer with a fault instead of forwarding it. */
  fault?: (request: { method: string; path: string; count: number }) => Fault | null
}

/**
 * A small HTTP proxy in front of a stand-in that adds latency and injects failures (429, 5xx,
 * 404), so retries, backoff and resyncs are tested against the real client libraries.
 */
export async function startFaultProxy(target: string, options: FaultProxyOptions = {}) {
  const upstream = new URL(target)
  let count = 0
  let latencyMs = options.latencyMs ?? 0
  /** Each call with when it arrived and when it was answered (to tell overlapping calls). */
  const log: {
    method: string
    path: string
    status: number
    startedAt: number
    endedAt: number
  }[] = []
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    const n = ++count
    const startedAt = performance.now()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const fault = options.fault?.({ method, path, count: n }) ?? null
      const delay = latencyMs + (fault && 'delayMs' in fault ? fault.delayMs : 0)
      if (fault && 'hold' in fault && fault.hold === 'request') return
      setTimeout(() => {
        if (fault && 'status' in fault) {
          log.push({ method, path, status: fault.status, startedAt, endedAt: performance.now() })
          res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
          res.end(
            fault.body ?? JSON.stringify({ error: { code: fault.status, message: 'injected' } }),
          )
          return
        }
        const forward = http.request(
          {
            hostname: upstream.hostname,
            port: upstream.port,
            method,
            path,
            headers: { ...req.headers, host: upstream.host },
          },
          (answer) => {
            answer.on('end', () =>
              log.push({
                method,
                path,
                status: answer.statusCode ?? 0,
                startedAt,
                endedAt: performance.now(),
              }),
            )
            if (fault && 'hold' in fault) {
              answer.resume()
              return
            }
            if (fault && 'lostAnswerStatus' in fault) {
              answer.resume()
              answer.on('end', () => {
                res.writeHead(fault.lostAnswerStatus, { 'content-type': 'application/json' })
                res.end(
                  JSON.stringify({ error: { code: fault.lostAnswerStatus, message: 'lost' } }),
                )
              })
              return
            }
            // Unread, the answer waits in the socket's buffers until it is passed on.
            setTimeout(
              () => {
                res.writeHead(answer.statusCode ?? 502, answer.headers)
                answer.pipe(res)
              },
              fault && 'answerDelayMs' in fault ? fault.answerDelayMs : 0,
            )
          },
        )
        forward.on('error', () => {
          res.writeHead(502)
          res.end()
        })
        forward.end(Buffer.concat(chunks))
      }, delay)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setLatency: (ms: number) => {
      latencyMs = ms
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
