import net from 'node:net'

/**
 * Ports handed out by this process. A port is free when asked but bound only later (by a
 * server a test starts): the OS may offer it again meanwhile, and two servers of one test then
 * met on it (EADDRINUSE in multi-instance.test.ts).
 */
const handedOut = new Set<number>()

function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A TCP port that was free a moment ago (the OS picks it), never the same one twice. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await osPort()
    if (handedOut.has(port)) continue
    handedOut.add(port)
    return port
  }
}
