import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { WritingProfile } from '../../../contract/profiles.js'
import { users, writingProfiles } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

let h: Harness
let ada: string
let grace: string
let alan: string

beforeAll(async () => {
  h = await startHarness({
    users: [
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { email: 'alan@example.com', name: 'Alan Turing' },
    ],
  })
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
  alan = (await signIn(h, 'alan@example.com')).session!
})
afterAll(async () => h?.close())

const call: Harness['call'] = (...args) => h.call(...args)
type Method = Parameters<Harness['call']>[1]

const base = {
  tone: 'professional',
  style: 'concise',
  vocabulary: 'standard',
  sentenceStructure: 'mixed',
}

async function create(session: string, name: string, extra: object = {}): Promise<WritingProfile> {
  const response = await call(session, 'POST', '/api/writing-profiles', { ...base, name, ...extra })
  expect(response.statusCode).toBe(201)
  return response.json()
}

async function list(session: string): Promise<WritingProfile[]> {
  const response = await call(session, 'GET', '/api/writing-profiles')
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function defaultsInDb(email: string) {
  const [user] = await h.db.select().from(users).where(eq(users.email, email))
  return h.db
    .select()
    .from(writingProfiles)
    .where(and(eq(writingProfiles.userId, user!.id), eq(writingProfiles.isDefault, true)))
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

describe('creating profiles', () => {
  it('makes the first profile the default, and later ones not', async () => {
    const first = await create(ada, 'Work')
    expect(first.isDefault).toBe(true)
    const second = await create(ada, 'Friends', { tone: 'casual', style: 'conversational' })
    expect(second.isDefault).toBe(false)
    expect((await list(ada)).map((p) => [p.name, p.isDefault])).toEqual([
      ['Work', true],
      ['Friends', false],
    ])
  })

  it('answers 201 with every field the dialog sends', async () => {
    const profile = await create(ada, '  Full ', {
      description: 'All of it',
      tone: 'witty',
      style: 'analytical',
      vocabulary: 'industry-specific',
      sentenceStructure: 'long',
      personalityTraits: ['curious'],
      commonPhrases: ['Happy to help'],
      avoidPhrases: ['ASAP'],
      signatureStyle: 'Ada',
      exampleText: 'Dear Charles, ...',
    })
    expect(profile).toMatchObject({
      name: 'Full',
      description: 'All of it',
      tone: 'witty',
      style: 'analytical',
      vocabulary: 'industry-specific',
      sentenceStructure: 'long',
      personalityTraits: ['curious'],
      commonPhrases: ['Happy to help'],
      avoidPhrases: ['ASAP'],
      signatureStyle: 'Ada',
      exampleText: 'Dear Charles, ...',
      isDefault: false,
    })
    expect(profile).not.toHaveProperty('userId')
    expect(new Date(profile.updatedAt).toISOString()).toBe(profile.updatedAt)
  })

  it('fills the optional fields with empty values', async () => {
    const profile = await create(ada, 'Bare')
    expect(profile).toMatchObject({
      description: null,
      personalityTraits: [],
      commonPhrases: [],
      avoidPhrases: [],
      signatureStyle: null,
      exampleText: null,
    })
  })

  it.each([
    [{ ...base }, 'name', 'Profile name is required'],
    [{ ...base, name: '  ' }, 'name', 'Profile name is required'],
    [{ ...base, name: 'X', tone: undefined }, 'tone', 'Tone is required'],
    [{ ...base, name: 'X', tone: 'sarcastic' }, 'tone', 'Tone must be one of: professional'],
    [{ ...base, name: 'X', style: 'baroque' }, 'style', 'Style must be one of'],
    [{ ...base, name: 'X', vocabulary: undefined }, 'vocabulary', 'Vocabulary is required'],
    [
      { ...base, name: 'X', sentenceStructure: 'run-on' },
      'sentenceStructure',
      'Sentence structure must be one of',
    ],
  ])('refuses %j with a 400 that names %s', async (body, field, text) => {
    const response = await call(ada, 'POST', '/api/writing-profiles', body)
    expect(response.statusCode).toBe(400)
    const { error } = response.json()
    expect(error.code).toBe('validation_error')
    expect(error.message).toContain(`${field}: ${text}`)
  })

  it('gives exactly one default when a new user creates profiles concurrently', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(alan, 'POST', '/api/writing-profiles', { ...base, name: `Parallel ${i}` }),
      ),
    )
    expect(created.map((r) => r.statusCode)).toEqual(Array(6).fill(201))
    expect(created.filter((r) => r.json().isDefault)).toHaveLength(1)
    expect(await defaultsInDb('alan@example.com')).toHaveLength(1)
  })
})

describe('updating and deleting', () => {
  it('updates with PUT and keeps the default flag', async () => {
    const [work] = await list(ada)
    const response = await call(ada, 'PUT', `/api/writing-profiles/${work!.id}`, {
      ...base,
      name: 'Work (formal)',
      tone: 'formal',
      commonPhrases: ['Kind regards'],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: work!.id,
      name: 'Work (formal)',
      tone: 'formal',
      commonPhrases: ['Kind regards'],
      isDefault: true,
      createdAt: work!.createdAt,
    })
  })

  it('validates the update body', async () => {
    const [work] = await list(ada)
    const response = await call(ada, 'PUT', `/api/writing-profiles/${work!.id}`, {
      ...base,
      name: '',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain('name: Profile name is required')
  })

  it('deletes a profile that is not the default (204)', async () => {
    const profile = await create(ada, 'Disposable')
    const response = await call(ada, 'DELETE', `/api/writing-profiles/${profile.id}`)
    expect(response.statusCode).toBe(204)
    expect((await list(ada)).some((p) => p.id === profile.id)).toBe(false)
    expect((await call(ada, 'DELETE', `/api/writing-profiles/${profile.id}`)).statusCode).toBe(404)
  })

  it('refuses to delete the default profile (409) and keeps it', async () => {
    const current = (await list(ada)).find((p) => p.isDefault)!
    const response = await call(ada, 'DELETE', `/api/writing-profiles/${current.id}`)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      error: { code: 'default_profile', message: 'The default profile cannot be deleted' },
    })
    expect((await list(ada)).find((p) => p.isDefault)?.id).toBe(current.id)
  })

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    const body = { ...base, name: 'X' }
    const cases = [
      ['GET', ''],
      ['PUT', '', body],
      ['DELETE', ''],
      ['PUT', '/set-default'],
    ] as const
    for (const [method, suffix, payload] of cases) {
      const missing = await call(
        ada,
        method,
        `/api/writing-profiles/${MISSING_ID}${suffix}`,
        payload,
      )
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({
        error: { code: 'not_found', message: 'Writing profile not found' },
      })
      const bad = await call(ada, method, `/api/writing-profiles/nope${suffix}`, payload)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.message).toContain('id: Not a valid id')
    }
  })
})

describe('set-default', () => {
  it('moves the default to another profile (200) and unsets the old one', async () => {
    const profiles = await list(ada)
    const old = profiles.find((p) => p.isDefault)!
    const next = profiles.find((p) => !p.isDefault)!
    const response = await call(ada, 'PUT', `/api/writing-profiles/${next.id}/set-default`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: next.id, isDefault: true })
    const after = await list(ada)
    expect(after.find((p) => p.id === old.id)?.isDefault).toBe(false)
    expect(after.filter((p) => p.isDefault).map((p) => p.id)).toEqual([next.id])
    // The old default can be deleted now.
    expect((await call(ada, 'DELETE', `/api/writing-profiles/${old.id}`)).statusCode).toBe(204)
  })

  it('refuses to set the default again (409)', async () => {
    const current = (await list(ada)).find((p) => p.isDefault)!
    const response = await call(ada, 'PUT', `/api/writing-profiles/${current.id}/set-default`)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      error: { code: 'already_default', message: 'This profile is already the default' },
    })
  })

  it('ends with exactly one default after 20 concurrent calls over several profiles', async () => {
    const profiles = [
      await create(grace, 'G1'),
      await create(grace, 'G2'),
      await create(grace, 'G3'),
    ]
    profiles.push(await create(grace, 'G4'))
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          grace,
          'PUT',
          `/api/writing-profiles/${profiles[i % profiles.length]!.id}/set-default`,
        ),
      ),
    )
    for (const response of responses) expect([200, 409]).toContain(response.statusCode)
    expect(responses.some((r) => r.statusCode === 200)).toBe(true)

    const defaults = await defaultsInDb('grace@example.com')
    expect(defaults).toHaveLength(1)
    const listed = await list(grace)
    expect(listed.filter((p) => p.isDefault).map((p) => p.id)).toEqual([defaults[0]!.id])
  })

  it('keeps exactly one default while set-default and delete race', async () => {
    const profiles = await list(grace)
    const calls = profiles.flatMap((p) => [
      call(grace, 'PUT', `/api/writing-profiles/${p.id}/set-default`),
      call(grace, 'DELETE', `/api/writing-profiles/${p.id}`),
    ])
    const responses = await Promise.all(calls)
    for (const response of responses) expect([200, 204, 404, 409]).toContain(response.statusCode)
    const remaining = await list(grace)
    expect(remaining.length).toBeGreaterThan(0)
    expect(remaining.filter((p) => p.isDefault)).toHaveLength(1)
  })
})

describe('another user', () => {
  it('cannot list, read, update, set default on or delete the profiles: 404, rows unchanged', async () => {
    const mine = await list(ada)
    const target = mine.find((p) => !p.isDefault) ?? (await create(ada, 'Target'))
    const theDefault = mine.find((p) => p.isDefault)!
    const before = await list(ada)

    expect((await list(grace)).some((p) => p.id === target.id)).toBe(false)
    const responses = [
      await call(grace, 'GET', `/api/writing-profiles/${target.id}`),
      await call(grace, 'PUT', `/api/writing-profiles/${target.id}`, { ...base, name: 'Hijacked' }),
      await call(grace, 'PUT', `/api/writing-profiles/${target.id}/set-default`),
      await call(grace, 'PUT', `/api/writing-profiles/${theDefault.id}/set-default`),
      await call(grace, 'DELETE', `/api/writing-profiles/${target.id}`),
      await call(grace, 'DELETE', `/api/writing-profiles/${theDefault.id}`),
    ]
    for (const response of responses) {
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('not_found')
    }
    expect(await list(ada)).toEqual(before)
  })
})

describe('without a session', () => {
  it('answers 401 on every route', async () => {
    const id = MISSING_ID
    const routes: [Method, string, object?][] = [
      ['GET', '/api/writing-profiles'],
      ['GET', `/api/writing-profiles/${id}`],
      ['POST', '/api/writing-profiles', { ...base, name: 'X' }],
      ['PUT', `/api/writing-profiles/${id}`, { ...base, name: 'X' }],
      ['PUT', `/api/writing-profiles/${id}/set-default`],
      ['DELETE', `/api/writing-profiles/${id}`],
    ]
    for (const [method, url, body] of routes) {
      const response = await call(undefined, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})
