import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { STANDIN_OAUTH_CLIENT } from '../config.js'
import type { Grant, StandInMemory } from './google-memory.js'
import { createDemoDeliverer } from './demo-deliverer.js'
import { demoSendAsAnswer } from './demo-signature.js'
import { createSentMessageIndex } from './sent-message-ids.js'

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

/** An OAuth request's fields, form-encoded as Google documents them, or JSON. */
function oauthFields(body: Buffer, contentType: string | undefined): Record<string, string> {
  const text = body.toString('utf8')
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(parsed).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(text))
}

/** The address in an id token's payload (the stand-in signed it; only its owner is read). */
function idTokenEmail(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString())
    return typeof payload.email === 'string' ? payload.email : null
  } catch {
    return null
  }
}

/** Requests that change a mailbox: journaled to be replayed after a restart. */
const MAILBOX_CHANGE = /^\/(upload\/)?gmail\/v1\/users\/[^/]+\/(?!watch$|stop$)/
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

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
 * that matter once Inkwell outlives it (the demo restarted on the same data), or where it
 * misreads a search Inkwell makes (`rfc822msgid:`, sent-message-ids.ts):
 * - emulate answers a bearer token it does not know as its first seeded user; Google answers
 *   401. The front knows the access tokens issued through it and refuses every other one, so
 *   a token stored before a restart can never read another person's mailbox.
 * - emulate gives every account a new random `sub` on each start; the front answers userinfo
 *   with `stableGoogleId(email)`, so a returning demo user is the same Google account.
 * - emulate's history starts afresh on each start; history ids from before it started name
 *   history it no longer has, which Gmail answers 404 (and Inkwell then resyncs in full).
 * - emulate forgets everything when it stops. With `memory` (the demo's data folder), the
 *   front remembers the refresh tokens it issued, answering them after a restart with new
 *   access tokens for the same account, and journals each change to a mailbox, which
 *   `replay` makes again on the next start (decision 040).
 * - emulate delivers nothing: a message one of its accounts sends to another stays in the
 *   sender's Sent. The front has it delivered into each such recipient's Inbox
 *   (demo-deliverer.ts), journaled as that recipient's change, and `onDelivered` told, as
 *   Gmail's push would.
 * - emulate's send-as addresses have no signature and cannot be given one; the front answers
 *   a demo account's with one (demo-signature.ts).
 */
export async function startGoogleGuard(options: {
  port: number
  upstream: () => string
  memory?: StandInMemory
  /** The stand-in's accounts: mail sent to one of them is delivered to it. */
  accounts?: readonly string[]
  /** Told after mail was delivered into `email`'s Inbox (the demo's stand-in for push). */
  onDelivered?: (email: string) => void
}) {
  const startedAt = Date.now()
  const { memory } = options
  const issued = new Set<string>()
  /** Whose each access token is, and the refresh token it came from. */
  const owners = new Map<string, { email: string; refreshToken: string | null }>()
  /** The refresh tokens this run of emulate issued (it still knows them). */
  const live = new Map<string, Grant>()
  const sentIds = createSentMessageIndex()

  /**
   * New tokens for `grant`'s account from emulate, through its own consent form and code
   * exchange, as a browser and Inkwell would go through them.
   */
  async function issueFor(grant: Grant): Promise<{ accessToken: string; expiresIn: number }> {
    const upstream = options.upstream()
    const consent = await fetch(`${upstream}/o/oauth2/v2/auth/callback`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        email: grant.email,
        scope: grant.scope,
        client_id: STANDIN_OAUTH_CLIENT.clientId,
        redirect_uri: 'http://stand-in.invalid/callback',
      }),
    })
    const code = new URL(consent.headers.get('location') ?? '', 'http://x').searchParams.get('code')
    const answer = await fetch(`${upstream}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        client_id: STANDIN_OAUTH_CLIENT.clientId,
        client_secret: STANDIN_OAUTH_CLIENT.clientSecret,
        redirect_uri: 'http://stand-in.invalid/callback',
      }),
    })
    const json = (await answer.json()) as { access_token?: string; expires_in?: number }
    if (!answer.ok || !json.access_token) throw new Error(`the stand-in refused ${grant.email}`)
    issued.add(json.access_token)
    return { accessToken: json.access_token, expiresIn: json.expires_in ?? 3600 }
  }

  /** A refresh token of an earlier run: new tokens for its account, as Google would give. */
  async function refreshRemembered(
    fields: Record<string, string>,
    response: http.ServerResponse,
  ): Promise<boolean> {
    const refreshToken = fields.refresh_token ?? ''
    const grant = memory?.grantOf(refreshToken)
    if (
      fields.grant_type !== 'refresh_token' ||
      live.has(refreshToken) ||
      !grant ||
      fields.client_id !== STANDIN_OAUTH_CLIENT.clientId ||
      fields.client_secret !== STANDIN_OAUTH_CLIENT.clientSecret
    ) {
      return false
    }
    const { accessToken, expiresIn } = await issueFor(grant)
    owners.set(accessToken, { email: grant.email, refreshToken })
    sendJson(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: grant.scope,
    })
    return true
  }

  /** Learns whose the tokens of an answer from the token endpoint are. */
  function learnTokens(json: Record<string, unknown>, fields: Record<string, string>) {
    if (typeof json.access_token !== 'string') return
    issued.add(json.access_token)
    if (typeof json.refresh_token === 'string') {
      const email = idTokenEmail(json.id_token)
      if (!email) return
      const grant = { email, scope: typeof json.scope === 'string' ? json.scope : '' }
      live.set(json.refresh_token, grant)
      memory?.rememberGrant(json.refresh_token, grant)
      owners.set(json.access_token, { email, refreshToken: json.refresh_token })
      return
    }
    const refreshToken = fields.refresh_token ?? ''
    const grant = live.get(refreshToken)
    if (grant) owners.set(json.access_token, { email: grant.email, refreshToken })
  }

  /** Mail between the stand-in's accounts, delivered after each send (demo-deliverer.ts). */
  const delivery = createDemoDeliverer({
    upstream: options.upstream,
    accounts: options.accounts ?? [],
    memory,
    onDelivered: options.onDelivered,
    issueFor,
  })

  function forget(token: string) {
    const refreshToken = owners.get(token)?.refreshToken ?? token
    issued.delete(token)
    owners.delete(token)
    live.delete(refreshToken)
    memory?.forgetGrant(refreshToken)
  }

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

    const owner = token ? owners.get(token) : undefined
    const searchedId = sentIds.searchedId(url)
    if (owner && searchedId) return sendJson(response, 200, sentIds.answer(owner.email, searchedId))
    const sendAs = owner && demoSendAsAnswer(request.method, url.pathname, owner.email)
    if (sendAs) return sendJson(response, 200, sendAs)

    const body = await readBody(request)
    const fields =
      url.pathname.startsWith('/oauth2/') && request.method === 'POST'
        ? oauthFields(body, request.headers['content-type'])
        : {}
    if (url.pathname === '/oauth2/revoke' && fields.token) forget(fields.token)
    if (url.pathname === '/oauth2/token' && (await refreshRemembered(fields, response))) return
    const journaled =
      memory && owner && CHANGES.has(request.method ?? '') && MAILBOX_CHANGE.test(url.pathname)
        ? {
            email: owner.email,
            method: request.method!,
            url: request.url ?? url.pathname,
            contentType: request.headers['content-type'] ?? null,
            body: body.toString('base64'),
          }
        : null
    const learns = url.pathname === '/oauth2/token' || url.pathname === '/oauth2/v2/userinfo'
    const sends = owner && sentIds.isSend(request.method, url)
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
        const status = answer.statusCode ?? 502
        if (journaled && status >= 200 && status < 300) memory!.record(journaled)
        if (sends && status === 200) {
          readBody(answer)
            .then(async (raw) => {
              sentIds.note(owner.email, body, raw)
              // Delivered before the sender hears back, so a send answered is a send received.
              await delivery.deliver(owner.email, body)
              response.writeHead(200, answer.headers)
              response.end(raw)
            })
            .catch(() => {
              response.writeHead(502)
              response.end()
            })
          return
        }
        if (!learns || answer.statusCode !== 200) {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          return
        }
        readBody(answer)
          .then((raw) => {
            const json = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
            learnTokens(json, fields)
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
    /**
     * Makes the journal's changes again on a new emulate, in order, each as its account;
     * one that no longer applies (a draft sent since, an id emulate drew anew) is passed over.
     * Returns how many applied.
     */
    async replay(): Promise<number> {
      if (!memory) return 0
      const tokens = new Map<string, string>()
      let applied = 0
      for (const entry of memory.journal()) {
        try {
          let accessToken = tokens.get(entry.email)
          if (!accessToken) {
            accessToken = (
              await issueFor({ email: entry.email, scope: 'https://mail.google.com/' })
            ).accessToken
            tokens.set(entry.email, accessToken)
          }
          const answer = await fetch(`${options.upstream()}${entry.url}`, {
            method: entry.method,
            headers: {
              authorization: `Bearer ${accessToken}`,
              ...(entry.contentType ? { 'content-type': entry.contentType } : {}),
            },
            body:
              entry.method === 'DELETE' && !entry.body
                ? undefined
                : Buffer.from(entry.body, 'base64'),
          })
          await answer.arrayBuffer()
          if (answer.ok) applied++
        } catch {
          // The next entry may still apply.
        }
      }
      for (const accessToken of tokens.values()) issued.delete(accessToken)
      return applied
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
