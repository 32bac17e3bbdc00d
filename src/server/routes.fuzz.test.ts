import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse, RouteOptions } from 'fastify'
import { z } from 'zod'
import { ApiErrorSchema } from '../contract/errors.js'
import { loadConfig } from './config.js'
import { mapWithConcurrency } from './lib/concurrency.js'
import { createRng, hashString, type Rng } from './standins/demo-mailbox/rng.js'
import { fuzzSeed } from './test/fuzz-seed.js'
import { sameOrigin, signIn, startHarness, type Harness } from './test/harness.js'

/**
 * Every route the app has, called with hostile strings, numbers, dates, shapes and other
 * people's ids in each field its schema names: no answer may be a 5xx, every refusal has the
 * API's error shape, and another user's id is a 404. Routes come from the app itself, so a
 * route added later is fuzzed without touching this file. The run prints its seed, and
 * ROUTES_FUZZ_SEED=<n> replays it; FUZZ_ROUTE=<url> (as registered, '/api/contacts/:id') fuzzes
 * that route alone, the same way.
 */

const FUZZ = fuzzSeed('ROUTES_FUZZ_SEED', 'routes.fuzz')
const SEED = FUZZ.seed
const ADA = 'ada@example.com'
const GRACE = 'grace@example.com'
/** Grace's rows carry this; nothing Ada is answered may contain it. */
const GRACE_MARKER = 'quartz-zebra-grace-only'
const RANDOM_VALUES_PER_FIELD = 3
/** What a client address may file an hour in production (CONTACT_RATE_LIMIT_PER_HOUR). */
const DEFAULT_TICKETS_PER_HOUR = loadConfig({
  INKWELL_MODE: 'demo',
  NODE_ENV: 'test',
}).contactRateLimitPerHour

const MEGABYTE = 'x'.repeat(1024 * 1024)
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'e\u0301\u202e\ufeff\u200b👍🏽中',
  MEGABYTE,
  'a'.repeat(257),
  '%00',
  '../../../etc/passwd',
  "' or 1=1 --",
  '\r\nBcc: victim@example.com',
  '-1',
  '1e308',
  'NaN',
  '-infinity',
  '9999999-01-01',
  '0000-00-00',
  '+275760-09-13T00:00:00.000Z',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
]
const HOSTILE_NON_STRINGS: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  [],
  {},
  { nested: { deeper: ['\u0000'] } },
]
/** Number literals JSON.stringify cannot write (they parse to Infinity, 0 or a rounded value). */
const RAW_JSON_NUMBERS = ['1e999', '-0', '123456789012345678901234567890']
/** What a query string or path may carry that no JavaScript string encodes: broken UTF-8. */
const RAW_URL_VALUES = ['%ED%A0%80', '%C0%80', '%FF%FE', '%', '%zz', '%25%00']

const RANDOM_ALPHABET = [
  ...'aZ0 _-.@|/\\%\'"<>&;:,+=',
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  '\r',
  'é',
  'ß',
  '中',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udc00',
  '\ud83d\ude00',
  '\uffff',
  '\u0085',
]

function randomString(rng: Rng): string {
  return Array.from({ length: rng.int(0, 40) }, () => rng.pick(RANDOM_ALPHABET)).join('')
}

function randomDate(rng: Rng): string {
  const year = rng.pick([rng.int(-300000, 300000), rng.int(0, 9999), 0, 10000])
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${year}-${pad(rng.int(0, 13))}-${pad(rng.int(0, 32))}T${pad(rng.int(0, 25))}:00:00Z`
}

function randomNumber(rng: Rng): number {
  return (rng.chance(0.5) ? -1 : 1) * rng.next() * 10 ** rng.int(-10, 308)
}

function randomValues(rng: Rng): unknown[] {
  return Array.from({ length: RANDOM_VALUES_PER_FIELD }, () =>
    rng.pick([randomString, randomDate, randomNumber])(rng),
  )
}

/** A lone surrogate has no UTF-8: a client can only send its three CESU-8 bytes. */
function encodeForUrl(value: string): string {
  let out = ''
  for (const char of value) {
    const unit = char.charCodeAt(0)
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xed, 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    } else out += encodeURIComponent(char)
  }
  return out
}

// ---- what the schemas say -------------------------------------------------------------------

type Def = {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  element?: z.ZodType
  entries?: Record<string, string>
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The schema under optional, default, nullable and pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let s = schema; ;) {
    const def = defOf(s)
    const inner = def.innerType ?? def.in
    if (!inner) return s
    s = inner
  }
}

function enumOptions(schema: z.ZodType): string[] {
  const def = defOf(unwrap(schema))
  return def.type === 'enum' && def.entries ? Object.values(def.entries) : []
}

const MISSING = Symbol('no valid value found')

/**
 * A value the schema accepts, built from candidates (never a literal: `confirm: 'DELETE'`
 * stays unguessed, so the fuzz cannot delete the account it works in).
 */
function validValue(schema: z.ZodType, ids: string[]): unknown {
  const inner = unwrap(schema)
  if (inner instanceof z.ZodObject) {
    if (schema.safeParse(undefined).success) return undefined
    const object = validObject(inner, ids)
    return object !== MISSING && schema.safeParse(object).success ? object : MISSING
  }
  // A union (a thread action's kinds): the first option a valid value is found for.
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as z.ZodType[]) {
      const value = validValue(option, ids)
      if (value !== MISSING && schema.safeParse(value).success) return value
    }
  }
  const candidates = [
    undefined,
    ...enumOptions(schema),
    ...ids,
    'fuzz@example.com',
    'Fuzz',
    'Hello there',
    '10',
    10,
    true,
    [],
  ]
  const index = candidates.findIndex((candidate) => schema.safeParse(candidate).success)
  return index === -1 ? MISSING : candidates[index]
}

function validObject(schema: z.ZodObject, ids: string[]): Record<string, unknown> | typeof MISSING {
  const object: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = validValue(field, ids)
    if (value === MISSING) return MISSING
    if (value !== undefined) object[key] = value
  }
  return object
}

type FieldPath = { path: (string | number)[]; schema: z.ZodType }

/** Every field of an object schema, nested objects and arrays of objects included. */
function fieldsOf(schema: z.ZodType, prefix: (string | number)[] = []): FieldPath[] {
  const inner = unwrap(schema)
  if (!(inner instanceof z.ZodObject)) return []
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const path = [...prefix, key]
    const unwrapped = unwrap(field)
    const element = defOf(unwrapped).type === 'array' ? defOf(unwrapped).element : undefined
    return [
      { path, schema: field },
      ...fieldsOf(field, path),
      ...(element ? fieldsOf(element, [...path, 0]) : []),
    ]
  })
}

/** `base` with `value` at `path`, creating valid parents (an array's first element) on the way. */
function withValue(
  base: Record<string, unknown>,
  root: z.ZodType,
  path: (string | number)[],
  value: unknown,
  ids: string[],
): Record<string, unknown> {
  const copy = structuredClone(base)
  let target: Record<string | number, unknown> = copy
  let schema = unwrap(root)
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      target[key] = value
      return
    }
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType> | undefined
    const field = typeof key === 'number' ? defOf(schema).element! : shape![key]!
    const inner = unwrap(field)
    if (target[key] === undefined || (Array.isArray(target[key]) && !target[key].length)) {
      const isArray = defOf(inner).type === 'array'
      const element = isArray ? validValue(defOf(inner).element!, ids) : validValue(inner, ids)
      target[key] = isArray
        ? [element === MISSING ? {} : element]
        : element === MISSING
          ? {}
          : element
    }
    target = target[key] as Record<string | number, unknown>
    schema = inner
  })
  return copy
}

// ---- the requests ---------------------------------------------------------------------------

type Probe = {
  what: string
  method: string
  url: string
  payload?: string
  contentType?: string
  /** Another user's id: the only right answer is 404. */
  foreign?: boolean
}

type Fixtures = {
  /** Ada's ids, by the path segment that names their collection ('contacts', 'threads'...). */
  own: Record<string, string>
  /** The same for Grace. */
  foreign: Record<string, string>
}

const preview = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value))
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text
}

function schemaOf(route: RouteOptions, part: 'params' | 'querystring' | 'body') {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part]
  return schema instanceof z.ZodType ? schema : null
}

/** The segment before each `:param`, naming its collection; e.g. { id: 'contacts' }. */
function paramCollections(url: string): Record<string, string> {
  const segments = url.split('/')
  return Object.fromEntries(
    segments.flatMap((segment, i) =>
      segment.startsWith(':') ? [[segment.slice(1), segments[i - 1] ?? '']] : [],
    ),
  )
}

function buildProbes(route: RouteOptions, method: string, fixtures: Fixtures, rng: Rng): Probe[] {
  const probes: Probe[] = []
  const allIds = [...Object.values(fixtures.own), ...Object.values(fixtures.foreign)]
  const collections = paramCollections(route.url)
  // Each parameter's own value: the user's own id of its collection, or, for a parameter that
  // is not an id (a position), the first valid value; so a probe of one parameter is never
  // refused for another.
  const paramsSchema = schemaOf(route, 'params')
  const validParam = (name: string, value: string) => {
    const field = paramsSchema instanceof z.ZodObject ? paramsSchema.shape[name] : undefined
    return !(field instanceof z.ZodType) || field.safeParse(value).success
  }
  const ownParams = Object.fromEntries(
    Object.entries(collections).map(([name, collection]) => {
      const own = fixtures.own[collection]
      if (own !== undefined && validParam(name, own)) return [name, own]
      return [name, ['0', 'fuzz'].find((value) => validParam(name, value)) ?? 'fuzz']
    }),
  )
  const pathWith = (params: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'fuzz')
  const encodedOwn = mapValues(ownParams, encodeForUrl)
  const basePath = pathWith(encodedOwn)
  const hasBody = !['GET', 'HEAD'].includes(method)
  const bodySchema = schemaOf(route, 'body')
  const baseBody = bodySchema ? validValue(bodySchema, Object.values(fixtures.own)) : undefined
  const bodyOf = (body: unknown) =>
    body === undefined || body === MISSING ? undefined : JSON.stringify(body)
  const base = { method, payload: hasBody ? bodyOf(baseBody) : undefined }

  probes.push({ ...base, what: 'the valid request', url: basePath })

  // Path parameters: hostile text, broken encodings, and the other user's ids.
  for (const [name, collection] of Object.entries(collections)) {
    const values = [...HOSTILE_STRINGS, ...randomValues(rng).map(String)]
    for (const value of values) {
      const url = pathWith({ ...encodedOwn, [name]: encodeForUrl(value) })
      probes.push({ ...base, what: `param ${name}=${preview(value)}`, url })
    }
    for (const raw of RAW_URL_VALUES) {
      const url = pathWith({ ...encodedOwn, [name]: `a${raw}b` })
      probes.push({ ...base, what: `param ${name}=a${raw}b (raw)`, url })
    }
    // Another user's id, where the parameter is an id of that collection (not a position).
    const theirs = fixtures.foreign[collection]
    if (theirs && validParam(name, theirs)) {
      const url = pathWith({ ...encodedOwn, [name]: encodeForUrl(theirs) })
      probes.push({ ...base, what: `param ${name}=another user's id`, url, foreign: true })
    }
  }

  // The query string: each field the schema names (or a few it does not), hostile.
  const querySchema = schemaOf(route, 'querystring')
  const queryFields = querySchema ? fieldsOf(querySchema).map((f) => String(f.path[0])) : ['q']
  for (const field of queryFields) {
    // A route without a query schema reads none: a few values show it ignores them.
    const values = querySchema
      ? [...HOSTILE_STRINGS, ...allIds, ...randomValues(rng).map(String)]
      : ['a\u0000b', '\ud800', MEGABYTE]
    for (const value of values) {
      const url = `${basePath}?${field}=${encodeForUrl(value)}`
      probes.push({ ...base, what: `query ${field}=${preview(value)}`, url })
    }
    for (const raw of [...RAW_URL_VALUES, `a&${field}=b`, `a&${field}[x]=b`]) {
      probes.push({
        ...base,
        what: `query ${field}=${raw} (raw)`,
        url: `${basePath}?${field}=${raw}`,
      })
    }
  }

  if (!hasBody) return probes

  // The body, field by field, the rest of it valid.
  const body =
    baseBody === MISSING || baseBody === undefined ? {} : (baseBody as Record<string, unknown>)
  for (const { path } of bodySchema ? fieldsOf(bodySchema) : []) {
    const name = path.join('.')
    // Ids matter where a field names something: a draft, a thread, a contact.
    const ids = /id$/i.test(String(path.at(-1))) ? allIds : []
    const values = [...HOSTILE_STRINGS, ...HOSTILE_NON_STRINGS, ...ids, ...randomValues(rng)]
    for (const value of values) {
      const payload = JSON.stringify(
        withValue(body, bodySchema!, path, value, Object.values(fixtures.own)),
      )
      probes.push({ method, url: basePath, payload, what: `body ${name}=${preview(value)}` })
    }
    for (const raw of RAW_JSON_NUMBERS) {
      const marked = withValue(
        body,
        bodySchema!,
        path,
        '\u2063raw\u2063',
        Object.values(fixtures.own),
      )
      const payload = JSON.stringify(marked).replace('"\u2063raw\u2063"', raw)
      probes.push({ method, url: basePath, payload, what: `body ${name}=${raw} (raw)` })
    }
  }

  // The body as a whole: not JSON, not an object, nested past any sensible depth...
  const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`
  const wholeBodies: [string, string, string?][] = [
    ['invalid JSON', '{"a":'],
    ['JSON null', 'null'],
    ['a JSON string', '"\\u0000"'],
    ['a JSON number', '1e999'],
    ['a JSON array', '[{"a":1}]'],
    ['deeply nested arrays', deep],
    ['a __proto__ key', '{"__proto__":{"polluted":true}}'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['a NUL in a key', '{"a\\u0000":1}'],
    ['a megabyte string', JSON.stringify(MEGABYTE)],
    ['an empty body', ''],
    ['plain text', 'hello', 'text/plain'],
    ['JSON in another charset', '{}', 'application/json; charset=utf-16'],
    ['form encoding', 'a=%00', 'application/x-www-form-urlencoded'],
  ]
  for (const [what, payload, contentType] of wholeBodies) {
    probes.push({ method, url: basePath, payload, contentType, what: `body: ${what}` })
  }
  return probes
}

function mapValues(record: Record<string, string>, fn: (value: string) => string) {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]))
}

// ---- the run --------------------------------------------------------------------------------

describe('every route, fuzzed', () => {
  let h: Harness
  const sessions: Record<string, string> = {}

  async function signedIn(email: string): Promise<string> {
    const current = sessions[email]
    if (current) {
      const me = await h.app.inject({
        url: '/api/auth/user',
        cookies: { inkwell_session: current },
      })
      if (me.statusCode === 200 && me.json().gmailConnected) return current
    }
    const { session } = await signIn(h, email)
    if (!session) throw new Error(`${email} could not sign in`)
    sessions[email] = session
    return session
  }

  function call(session: string, method: string, url: string, payload?: object) {
    return h.app.inject({
      method: method as 'GET',
      url,
      headers: sameOrigin,
      cookies: { inkwell_session: session },
      ...(payload ? { payload } : {}),
    })
  }

  /** One of each thing a route can name, for `email`; made again when the fuzz deleted it. */
  async function fixturesOf(email: string, marker = ''): Promise<Record<string, string>> {
    const session = await signedIn(email)
    const first = async (url: string, create: object) => {
      const [existing] = (await call(session, 'GET', url)).json() as { id: string }[]
      return existing?.id ?? (await call(session, 'POST', url, create)).json().id
    }
    const contact = await first('/api/contacts', {
      name: `Fixture ${marker}`,
      email: 'fixture@example.com',
    })
    const profile = await first('/api/writing-profiles', {
      name: `Fixture ${marker}`,
      tone: 'direct',
      style: 'concise',
      vocabulary: 'simple',
      sentenceStructure: 'short',
    })
    // The first list is the cold page (headers only, attachments unknown); a sync fills it.
    await call(session, 'GET', '/api/gmail/threads?limit=100')
    await h.sync(session)
    const threads = (await call(session, 'GET', '/api/gmail/threads?limit=100')).json().threads
    const withFile = threads.find((t: { hasAttachments: boolean }) => t.hasAttachments)
    const detail = (await call(session, 'GET', `/api/gmail/threads/${withFile.id}`)).json()
    const message = detail.messages.find((m: { attachments: unknown[] }) => m.attachments.length)
    const draft = await call(session, 'POST', '/api/gmail/drafts', { subject: `Fixture ${marker}` })
    return {
      contacts: contact,
      'writing-profiles': profile,
      threads: withFile.id,
      messages: message.id,
      attachments: message.attachments[0].attachmentId,
      drafts: draft.json().draftId,
    }
  }

  beforeAll(async () => {
    // The rate limits come from the app's own settings, raised here so every probe reaches the
    // route's code: a probe answered 429 by the limiter tests the limiter, not the route.
    h = await startHarness({
      withMailbox: true,
      config: {
        authRateLimitPerMinute: UNLIMITED_FOR_THE_FUZZ,
        contactRateLimitPerHour: UNLIMITED_FOR_THE_FUZZ,
      },
    })
  })
  afterAll(async () => h?.close())

  /**
   * Streams that stay open by design (server-sent events): they take no input beyond the
   * session, and an inject would wait for an end that never comes. events.test.ts covers them.
   */
  const OPEN_STREAMS = new Set(['GET /api/events'])
  /** A limit no run reaches; production's are the settings' defaults (decision 021). */
  const UNLIMITED_FOR_THE_FUZZ = 1_000_000
  /** The public support form, limited per client address in production (decision 035). */
  const SUPPORT_FORM = 'POST /api/contact'

  it('answers hostile input on every route with a 4xx in the API shape, never a 5xx', async () => {
    FUZZ.announce()
    const foreign = await fixturesOf(GRACE, GRACE_MARKER)
    // Made once: what the fuzz deletes on the way (a contact, a draft) is then a 404, also fine.
    const own = await fixturesOf(ADA)
    const routes = h.routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD' && !OPEN_STREAMS.has(`${method} ${route.url}`))
        .map((method) => ({ route, method })),
    )
    expect(routes.length).toBeGreaterThan(20)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    /** Requests and 429s by route, to show which routes the fuzz reached past their limiter. */
    const sentTo = new Map<string, number>()
    const rateLimited = new Map<string, number>()
    let sent = 0

    for (const { route, method } of routes) {
      if (process.env.FUZZ_ROUTE && route.url !== process.env.FUZZ_ROUTE) continue
      const session = await signedIn(ADA)
      // A stream per route: one route replays alone exactly as it ran among the others.
      const rng = createRng(SEED ^ hashString(`${method} ${route.url}`))
      const probes = buildProbes(route, method, { own, foreign }, rng)
      await mapWithConcurrency(probes, 6, async (probe) => {
        const response: LightMyRequestResponse = await h.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: {
            ...sameOrigin,
            ...(probe.payload !== undefined
              ? { 'content-type': probe.contentType ?? 'application/json' }
              : {}),
          },
          cookies: { inkwell_session: session },
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        })
        sent++
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
        const key = `${method} ${route.url}`
        sentTo.set(key, (sentTo.get(key) ?? 0) + 1)
        if (response.statusCode === 429) rateLimited.set(key, (rateLimited.get(key) ?? 0) + 1)
        const where = `${probe.method} ${route.url} ${probe.what} → ${response.statusCode}`
        if (response.statusCode >= 500) failures.push(`${where} ${response.body.slice(0, 200)}`)
        if (response.statusCode >= 400) {
          const shaped = ApiErrorSchema.safeParse(safeJson(response.body))
          if (!shaped.success) failures.push(`${where}: not the API error shape`)
        }
        if (probe.foreign && response.statusCode !== 404) failures.push(`${where}: expected 404`)
        if (response.body.includes(GRACE_MARKER)) failures.push(`${where}: shows Grace's data`)
      })
    }

    console.info(
      `routes.fuzz sent ${sent} requests to ${routes.length} routes:`,
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      rateLimited.size ? { rateLimited: Object.fromEntries(rateLimited) } : '',
    )
    expect(failures.slice(0, 40), `${FUZZ.replay}, ${failures.length} failures`).toEqual([])
    // The support form took many times its production limit of probes, and the limiter
    // answered none of them: each reached the route's own checks.
    if (!process.env.FUZZ_ROUTE || process.env.FUZZ_ROUTE === '/api/contact') {
      expect(sentTo.get(SUPPORT_FORM) ?? 0).toBeGreaterThan(10 * DEFAULT_TICKETS_PER_HOUR)
      expect(rateLimited.get(SUPPORT_FORM) ?? 0, FUZZ.replay).toBe(0)
    }
  }, 300_000)
})

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
