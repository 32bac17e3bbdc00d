import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import { execFileSync } from 'node:child_process'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { PAGE_META } from '../contract/site.js'
import { loadConfig } from './config.js'
import { signIn, startHarness, type Harness } from './test/harness.js'

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and refuses values that are not hops or addresses', () => {
    expect(loadConfig({ INKWELL_MODE: 'demo' }).trustProxy).toBe(false)
    expect(
      loadConfig({ INKWELL_MODE: 'demo', TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback'])
    for (const [everyoneOrHops, why] of [
      ['true', 'trusts every address'],
      ['1', 'a hop count cannot tell your proxy from a client'],
      ['*', 'trusts every address'],
    ] as const) {
      expect(() => loadConfig({ INKWELL_MODE: 'demo', TRUST_PROXY: everyoneOrHops })).toThrow(
        `TRUST_PROXY: ${everyoneOrHops}${everyoneOrHops === '1' ? ':' : ''} ${why}`,
      )
    }
    expect(() => loadConfig({ INKWELL_MODE: 'demo', TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /10\.0\.0\.0\/33/,
    )
  })

  /** Sign-in attempts, each claiming another client address through X-Forwarded-For. */
  async function attemptsFromForgedAddresses(h: Harness, forwardedFor: (i: number) => string) {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const response = await h.app.inject({
        url: '/api/auth/google/login',
        headers: { 'x-forwarded-for': forwardedFor(i) },
      })
      statuses.push(response.statusCode)
    }
    return statuses
  }

  it('by default, a forged X-Forwarded-For does not get past the sign-in rate limit', async () => {
    const h = await startHarness({ config: { authRateLimitPerMinute: 3 } })
    try {
      expect(await attemptsFromForgedAddresses(h, (i) => `203.0.113.${i}`)).toEqual([
        302, 302, 302, 429,
      ])
    } finally {
      await h.close()
    }
  })

  it("behind a listed proxy, the client address comes from the proxy's header", async () => {
    // inject connects from 127.0.0.1: here, that is the proxy.
    const { trustProxy } = loadConfig({ INKWELL_MODE: 'demo', TRUST_PROXY: 'loopback' })
    const h = await startHarness({ config: { authRateLimitPerMinute: 3, trustProxy } })
    try {
      // Four clients behind the proxy: each has its own allowance.
      expect(await attemptsFromForgedAddresses(h, (i) => `203.0.113.${i}`)).toEqual([
        302, 302, 302, 302,
      ])
      // One client, whatever it puts in front of the address the proxy appends.
      expect(await attemptsFromForgedAddresses(h, (i) => `198.51.100.${i}, 192.0.2.7`)).toEqual([
        302, 302, 302, 429,
      ])
    } finally {
      await h.close()
    }
  })
})

describe('security headers', () => {
  it('forbid framing in both headers, which say the same thing', async () => {
    const h = await startHarness()
    try {
      const response = await h.app.inject({ url: '/api/meta' })
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    } finally {
      await h.close()
    }
  })

  // A route's own choice stands: the thread list's `private, no-cache` (list-revalidation
  // and search tests), attachments' `private, no-store` (attachments.test.ts).
  it('keep API answers out of every cache, unless the route chose its own caching', async () => {
    const h = await startHarness()
    try {
      const { session } = await signIn(h, 'ada@example.com')
      for (const [url, status] of [
        ['/api/meta', 200],
        ['/api/auth/user', 200],
        ['/api/user/settings', 200],
        ['/api/no-such-route', 404],
      ] as const) {
        const response = await h.call(session, 'GET', url)
        expect(response.statusCode, url).toBe(status)
        expect(response.headers['cache-control'], url).toBe('no-store')
      }
      const refused = await h.app.inject({ url: '/api/auth/user' })
      expect(refused.statusCode).toBe(401)
      expect(refused.headers['cache-control']).toBe('no-store')
      // Not an API answer: the probes are not touched.
      expect((await h.app.inject({ url: '/healthz' })).headers['cache-control']).toBeUndefined()
    } finally {
      await h.close()
    }
  })
})

/** An asset big enough to be worth compressing, as a built chunk is. */
const BIG_ASSET = Array.from({ length: 400 }, (_, i) => `export const row${i} = 'row ${i}'`).join(
  '\n',
)

describe('serving the built web app', () => {
  let dir: string
  let h: Harness
  let origin: string

  beforeAll(async () => {
    // <dir>/web is the web root; <dir>/secret.txt exists just outside it.
    dir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-webroot-'))
    await mkdir(path.join(dir, 'web', 'assets'), { recursive: true })
    await writeFile(
      path.join(dir, 'web', 'index.html'),
      '<!doctype html><title>Inkwell</title><meta name="description" content="The generic one">',
    )
    await writeFile(path.join(dir, 'web', 'assets', 'app-1a2b.js'), 'console.log(1)')
    await writeFile(path.join(dir, 'web', 'assets', 'inbox-5e6f.js'), BIG_ASSET)
    await writeFile(path.join(dir, 'web', 'favicon.svg'), '<svg/>')
    // The build's own step writes the .br and .gz beside each asset.
    execFileSync(process.execPath, ['scripts/precompress.mjs', path.join(dir, 'web')])
    await writeFile(path.join(dir, 'secret.txt'), 'outside the web root')
    h = await startHarness({ webRoot: path.join(dir, 'web') })
    // A real socket: inject would normalise the dot segments before the app saw them.
    await h.app.listen({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await h?.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** A GET with the path sent exactly as written (fetch would resolve `..` first). */
  function rawGet(pathname: string) {
    return new Promise<{ status: number; type: string; cache: string; body: string }>(
      (resolve, reject) => {
        const request = http.get(`${origin}/`, { path: pathname }, (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type']),
              cache: String(response.headers['cache-control']),
              body,
            }),
          )
        })
        request.on('error', reject)
      },
    )
  }

  it('serves files, hashed assets as immutable, and index.html for client routes', async () => {
    const asset = await rawGet('/assets/app-1a2b.js')
    expect(asset).toMatchObject({ status: 200, body: 'console.log(1)' })
    expect(asset.cache).toContain('immutable')
    expect(await rawGet('/favicon.svg')).toMatchObject({
      status: 200,
      body: '<svg/>',
      cache: 'public, max-age=86400',
    })
    const page = await rawGet('/inbox?thread=thread-1')
    expect(page).toMatchObject({ status: 200, cache: 'no-cache' })
    expect(page.body).toContain('<title>Inkwell</title>')
    expect((await rawGet('/app/label/Label_7')).status).toBe(200)
    // An address the app has no page for: its 404 page, said with the status too.
    for (const unknown of ['/no-such-page', '/inbox/thread-1', '/app/label/']) {
      const missing = await rawGet(unknown)
      expect(missing, unknown).toMatchObject({ status: 404, cache: 'no-cache' })
      expect(missing.body, unknown).toContain('<title>Page not found — Inkwell</title>')
    }
    // The public pages the app renders have their own title, description and card.
    const contact = await rawGet('/contact')
    expect(contact.status).toBe(200)
    expect(contact.type).toContain('text/html')
    expect(contact.body).toContain('<title>Contact us — Inkwell</title>')
    expect(contact.body).toMatch(/<meta name="description" content="Questions about Inkwell/)
    expect(contact.body).toContain('<meta property="og:title" content="Contact us — Inkwell" />')
    // /help too (issue 25): its own description and Open Graph card, the generic one gone.
    for (const address of ['/help', '/help/']) {
      const help = await rawGet(address)
      expect(help, address).toMatchObject({ status: 200, cache: 'no-cache' })
      expect(help.body).toContain('<title>Help — Inkwell</title>')
      const description = PAGE_META['/help'].description
      expect(help.body.match(/<meta name="description"/g), address).toHaveLength(1)
      expect(help.body).toContain(`<meta name="description" content="${description}" />`)
      expect(help.body).toContain('<meta property="og:title" content="Help — Inkwell" />')
      expect(help.body).toContain(`<meta property="og:description" content="${description}" />`)
      expect(help.body).toContain('<meta property="og:type" content="website" />')
      expect(help.body).toContain('<meta name="twitter:card" content="summary" />')
    }
    expect((await rawGet('/assets/gone-9z8y.js')).status).toBe(404)
  })

  /** A GET that asks for `encoding` and keeps the answer's bytes as they came. */
  function encodedGet(pathname: string, encoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.get(
        `${origin}${pathname}`,
        { headers: { 'accept-encoding': encoding } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      request.on('error', reject)
    })
  }

  it('sends assets compressed at build time, once, still immutable', async () => {
    const br = await encodedGet('/assets/inbox-5e6f.js', 'br, gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toContain('immutable')
    expect(br.headers['content-type']).toContain('javascript')
    expect(br.body.length).toBeLessThan(BIG_ASSET.length / 2)
    // Decoded once, it is the file: nothing compressed it a second time on the way out.
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_ASSET)
    // The build's file, not a compression made for this request.
    expect(br.body).toEqual(await readFile(path.join(dir, 'web', 'assets', 'inbox-5e6f.js.br')))

    const gzip = await encodedGet('/assets/inbox-5e6f.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['cache-control']).toContain('immutable')
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_ASSET)

    const plain = await encodedGet('/assets/inbox-5e6f.js', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(BIG_ASSET)
  })

  it('answers a climb out of the web root the same, whether the file exists there or not', async () => {
    const climbs = [
      '/../{}',
      '/%2e%2e/{}',
      '/%2E%2E%2F{}',
      '/..%2f{}',
      '/..%5c{}',
      '/./../../{}',
      '/assets/../../{}',
      '/assets/%2e%2e/%2e%2e/{}',
      '/assets/..%2f..%2f{}',
    ]
    for (const climb of climbs) {
      const existing = await rawGet(climb.replace('{}', 'secret.txt'))
      const missing = await rawGet(climb.replace('{}', 'no-such-file.txt'))
      expect(existing.body, climb).not.toContain('outside the web root')
      expect({ ...existing, body: existing.body.replaceAll('secret', 'no-such-file') }).toEqual({
        ...missing,
        body: missing.body.replaceAll('secret', 'no-such-file'),
      })
    }
  })
})
