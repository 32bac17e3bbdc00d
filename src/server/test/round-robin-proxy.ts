import http from 'node:http'

/**
 * A load balancer for tests: each request goes to the next of `targets` in turn, with its
 * Host header kept, so two instances behind it look like one site to the browser.
 */
export async function startRoundRobinProxy(port: number, targets: string[]) {
  let next = 0
  const served = targets.map(() => 0)
  const server = http.createServer((req, res) => {
    const index = next++ % targets.length
    served[index]!++
    const upstream = new URL(targets[index]!)
    const forward = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // A connection of its own per request: a balancer's pooled upstream connections and
        // their idle timeouts are not what this test is about.
        agent: false,
        headers: { ...req.headers, connection: 'close' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => {
      if (res.headersSent) res.destroy()
      else res.writeHead(502).end()
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${port}`,
    /** How many requests each target got. */
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
