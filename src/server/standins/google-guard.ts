import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Google's subject (`sub`) for a stand-in account: the same on every start, derived from the
 * address, in Google's shape (21 digits). emulate draws a new random one on each start.
 */
export function stableGoogleId(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
  const digits = (BigInt(`0x${digest.slice(0, 32)}`) % 10n ** 20n).toString().padStart(20, '0')
  return `1${digits}`
}

/** Gmail history ids of emulate are `<epoch ms><8 digits>`: the first id a start can give. */
function firstHistoryIdAfter(epochMs: number): bigint {
  return BigInt(epochMs) * 10n ** 8n
}

function bearerToken(header: string | undefined): string | null {
  const match = /^(?:Bearer|token)\s+(.+)$/i.exec(header ?? '')
  return match?.[1]?.trim() || null
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

/** The `token` of a revoke call, form-encoded as Google documents it, or JSON. */
function revokedToken(body: Buffer, contentType: string | undefined): string | null {
  const text = body.toString('utf8')
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as { token?: unknown }
      return typeof parsed.token === 'string' ? parsed.token : null
    } catch {
      return null
    }
  }
  return new URLSearchParams(text).get('token')
}

function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
  response.end(JSON.stringify(body))
}

/** What Google answers a bearer token it does not know: the Gmail API's 401, or OAuth's. */
function refuseToken(response: http.ServerResponse, pathname: string) {
  const challenge = {
    'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
  }
  if (pathname.startsWith('/gmail/')) {
    return sendJson(
      response,
      401,
      {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError' }],
          status: 'UNAUTHENTICATED',
        },
      },
      challenge,
    )
  }
  return sendJson(
    response,
    401,
    { error: 'invalid_token', error_description: 'Invalid Credentials' },
    challenge,
  )
}

/**
 * A thin HTTP front for the `emulate` Google stand-in, where it differs from Google in ways
 * that matter once Inkwell outlives it (the demo restarted on the same data):
 * - emulate answers a bearer token it does not know as its first seeded user; Google answers
 *   401. The front knows the access tokens issued through it and refuses every other one, so
 *   a token stored before a restart can never read another person's mailbox.
 * - emulate gives every account a new random `sub` on each start; the front answers userinfo
 *   with `stableGoogleId(email)`, so a returning demo user is the same Google account.
 * - emulate's history starts afresh on each start; history ids from before it started name
 *   history it no longer has, which Gmail answers 404 (and Inkwell then resyncs in full).
 */
export async function startGoogleGuard(options: { port: number; upstream: () => string }) {
  const startedAt = Date.now()
  const issued = new Set<string>()

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const token = bearerToken(request.headers.authorization)
    if (token && !issued.has(token)) return refuseToken(response, url.pathname)

    const startHistoryId = url.searchParams.get('startHistoryId')
    if (
      /^\/gmail\/v1\/users\/[^/]+\/history$/.test(url.pathname) &&
      startHistoryId &&
      /^\d+$/.test(startHistoryId) &&
      BigInt(startHistoryId) < firstHistoryIdAfter(startedAt)
    ) {
      return sendJson(response, 404, {
        error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
      })
    }

    const body = await readBody(request)
    if (request.method === 'POST' && url.pathname === '/oauth2/revoke') {
      const revoked = revokedToken(body, request.headers['content-type'])
      if (revoked) issued.delete(revoked)
    }
    const learns = url.pathname === '/oauth2/token' || url.pathname === '/oauth2/v2/userinfo'
    const upstream = new URL(options.upstream())
    const forward = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        if (!learns || answer.statusCode !== 200) {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          return
        }
        readBody(answer)
          .then((raw) => {
            const json = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
            if (typeof json.access_token === 'string') issued.add(json.access_token)
            if (typeof json.email === 'string') json.sub = stableGoogleId(json.email)
            const { 'content-length': _length, ...headers } = answer.headers
            response.writeHead(200, headers)
            response.end(JSON.stringify(json))
          })
          .catch(() => {
            response.writeHead(502)
            response.end()
          })
      },
    )
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
    forward.end(body)
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
