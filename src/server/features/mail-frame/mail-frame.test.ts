import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../test/harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ users: [] })
})
afterAll(async () => h?.close())

const get = (url: string) => h.app.inject({ method: 'GET', url })
const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  )

describe('the mail frame document', () => {
  it('runs under its own policy: one script, by the hash of the script it holds, and no fetches', async () => {
    const response = await get('/api/mail-frame?images=blocked')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const policy = directives(response.headers['content-security-policy'])
    const scripts = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(scripts).toHaveLength(1)
    const hash = createHash('sha256').update(scripts[0]!).digest('base64')
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'script-src': [`'sha256-${hash}'`],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:'],
      'font-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'self'"],
    })
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  it('lets https images load only when the user allowed them', async () => {
    const response = await get('/api/mail-frame?images=allowed')
    expect(response.statusCode).toBe(200)
    expect(directives(response.headers['content-security-policy'])['img-src']).toEqual([
      'data:',
      'https:',
    ])
  })

  it('shows folded quoted text as a "…" toggle its hashed script keeps aria-expanded on (issue 25)', async () => {
    const response = await get('/api/mail-frame?images=blocked')
    // The viewer folds each message's history into <details class="inkwell-trim"> with a
    // <summary class="inkwell-trim-toggle">: styled as a toggle, its marker hidden...
    expect(response.body).toMatch(/\.inkwell-trim>summary\{[^}]*cursor:pointer/)
    expect(response.body).toContain('.inkwell-trim>summary::-webkit-details-marker{display:none}')
    // ...and opened without script; the one allowed script only says so to screen readers.
    const script = /<script>([\s\S]*?)<\/script>/.exec(response.body)![1]!
    expect(script).toContain("addEventListener('toggle'")
    expect(script).toContain("setAttribute('aria-expanded'")
  })

  it.each(['/api/mail-frame', '/api/mail-frame?images=yes'])('answers 400 to %s', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('validation_error')
    expect(response.json().error.message).toMatch(/images/)
  })
})

describe('the page policy', () => {
  it('lets the page show its own images and the Google profile picture, not any https image', async () => {
    const policy = directives((await get('/api/meta')).headers['content-security-policy'])
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://*.googleusercontent.com'])
    expect(policy['script-src']).toEqual(["'self'"])
  })
})
