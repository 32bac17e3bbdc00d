import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { Contact } from '../../../contract/contacts.js'
import { contacts, users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

let h: Harness
let ada: string
let grace: string

beforeAll(async () => {
  h = await startHarness()
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
})
afterAll(async () => h?.close())

const call: Harness['call'] = (...args) => h.call(...args)
type Method = Parameters<Harness['call']>[1]

async function create(session: string, body: object): Promise<Contact> {
  const response = await call(session, 'POST', '/api/contacts', body)
  expect(response.statusCode).toBe(201)
  return response.json()
}

async function rowsOf(email: string) {
  const [user] = await h.db.select().from(users).where(eq(users.email, email))
  return h.db.select().from(contacts).where(eq(contacts.userId, user!.id))
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

describe('creating contacts', () => {
  it('answers 201 with the contact and applies the spec defaults', async () => {
    const contact = await create(ada, { name: '  Charles Babbage ', email: 'Charles@Example.com' })
    expect(contact).toMatchObject({
      name: 'Charles Babbage',
      email: 'charles@example.com',
      avatar: null,
      tone: 'professional',
      formality: 'formal',
      language: 'english',
      greeting: 'Dear',
      signoff: 'Best regards',
      memory: null,
      context: null,
    })
    expect(contact.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(contact.createdAt).toISOString()).toBe(contact.createdAt)
    expect(contact).not.toHaveProperty('userId')
  })

  it('keeps every field the dialog sends; blank greeting and sign-off fall back to the defaults', async () => {
    const contact = await create(ada, {
      name: 'Mary Somerville',
      email: 'mary@example.com',
      tone: 'friendly',
      formality: 'informal',
      language: 'french',
      greeting: '',
      signoff: '   ',
      memory: 'Met at the Royal Society',
      context: 'Astronomy',
    })
    expect(contact).toMatchObject({
      tone: 'friendly',
      formality: 'informal',
      language: 'french',
      greeting: 'Dear',
      signoff: 'Best regards',
      memory: 'Met at the Royal Society',
      context: 'Astronomy',
    })
  })

  it.each([
    [{ email: 'x@example.com' }, 'name', 'Name is required'],
    [{ name: '   ', email: 'x@example.com' }, 'name', 'Name is required'],
    [{ name: 'X' }, 'email', 'Email is required'],
    [{ name: 'X', email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ name: 'X', email: 'x@example.com', tone: 'sarcastic' }, 'tone', 'Tone must be one of'],
    [
      { name: 'X', email: 'x@example.com', formality: 'stiff' },
      'formality',
      'Formality must be one of',
    ],
    [
      { name: 'X', email: 'x@example.com', language: 'latin' },
      'language',
      'Language must be one of',
    ],
  ])('refuses %j with a 400 that names %s', async (body, field, text) => {
    const response = await call(ada, 'POST', '/api/contacts', body)
    expect(response.statusCode).toBe(400)
    const { error } = response.json()
    expect(error.code).toBe('validation_error')
    expect(error.message).toContain(`${field}: `)
    expect(error.message).toContain(text)
  })

  it('answers 409 contact_exists for an e-mail the user already has, in any case', async () => {
    await create(ada, { name: 'Alan Turing', email: 'alan@example.com' })
    for (const email of ['alan@example.com', 'ALAN@Example.COM']) {
      const response = await call(ada, 'POST', '/api/contacts', { name: 'Again', email })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({
        error: { code: 'contact_exists', message: 'A contact with this email already exists' },
      })
    }
    expect(
      (await rowsOf('ada@example.com')).filter((c) => c.email === 'alan@example.com'),
    ).toHaveLength(1)
  })

  it('lets concurrent creates of one address end with one contact and 409s, never a 500', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(ada, 'POST', '/api/contacts', {
          name: `Race ${i}`,
          email: i % 2 ? 'race@example.com' : 'RACE@Example.com',
        }),
      ),
    )
    const codes = responses.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(7)
  })

  it('lets two users keep a contact with the same e-mail', async () => {
    const contact = await create(grace, { name: 'Alan', email: 'alan@example.com' })
    expect(contact.email).toBe('alan@example.com')
  })
})

describe('listing, updating and deleting', () => {
  it('lists only the user’s own contacts, by name', async () => {
    const list: Contact[] = (await call(ada, 'GET', '/api/contacts')).json()
    const names = list.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(names).toContain('Charles Babbage')
    expect(list.every((c) => c.email !== 'grace@example.com')).toBe(true)
    const graces: Contact[] = (await call(grace, 'GET', '/api/contacts')).json()
    expect(graces.map((c) => c.name)).toEqual(['Alan'])
  })

  it('reads one contact', async () => {
    const contact = await create(ada, { name: 'Read Me', email: 'read@example.com' })
    const response = await call(ada, 'GET', `/api/contacts/${contact.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(contact)
  })

  it('updates with PUT (autosave) and answers the stored contact', async () => {
    const created = await create(ada, { name: 'Draft Name', email: 'draft@example.com' })
    // Made an hour ago, so the update's new updatedAt is later whatever the clock's resolution.
    await h.db
      .update(contacts)
      .set({ createdAt: sql`now() - interval '1 hour'`, updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(contacts.id, created.id))
    const contact: Contact = (await call(ada, 'GET', `/api/contacts/${created.id}`)).json()
    const response = await call(ada, 'PUT', `/api/contacts/${contact.id}`, {
      name: 'Final Name',
      email: 'final@example.com',
      tone: 'casual',
      greeting: 'Hi',
      signoff: 'Cheers',
      memory: 'Likes tea',
    })
    expect(response.statusCode).toBe(200)
    const updated: Contact = response.json()
    expect(updated).toMatchObject({
      id: contact.id,
      name: 'Final Name',
      email: 'final@example.com',
      tone: 'casual',
      greeting: 'Hi',
      signoff: 'Cheers',
      memory: 'Likes tea',
      createdAt: contact.createdAt,
    })
    // The update is dated; when the contact was made is not.
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(contact.updatedAt))
    expect((await call(ada, 'GET', `/api/contacts/${contact.id}`)).json()).toEqual(updated)
  })

  it('refuses an update to an e-mail another of the user’s contacts has (409)', async () => {
    const contact = await create(ada, { name: 'Second', email: 'second@example.com' })
    const response = await call(ada, 'PUT', `/api/contacts/${contact.id}`, {
      name: 'Second',
      email: 'Alan@example.com',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('contact_exists')
  })

  it('validates the update body too', async () => {
    const contact = await create(ada, { name: 'Valid', email: 'valid@example.com' })
    const response = await call(ada, 'PUT', `/api/contacts/${contact.id}`, {
      name: '',
      email: 'valid@example.com',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain('name: Name is required')
  })

  it('deletes with 204; the contact is gone', async () => {
    const contact = await create(ada, { name: 'Short Lived', email: 'short@example.com' })
    const response = await call(ada, 'DELETE', `/api/contacts/${contact.id}`)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect((await call(ada, 'GET', `/api/contacts/${contact.id}`)).statusCode).toBe(404)
    expect((await call(ada, 'DELETE', `/api/contacts/${contact.id}`)).statusCode).toBe(404)
  })

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    const body = { name: 'X', email: 'x@example.com' }
    for (const [method, payload] of [['GET'], ['PUT', body], ['DELETE']] as const) {
      const missing = await call(ada, method, `/api/contacts/${MISSING_ID}`, payload)
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Contact not found' } })
      const bad = await call(ada, method, '/api/contacts/not-an-id', payload)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.message).toContain('id: Not a valid id')
    }
  })
})

describe('another user', () => {
  it('cannot read, update or delete the contact: 404, and it stays as it was', async () => {
    const contact = await create(ada, {
      name: 'Private Person',
      email: 'private@example.com',
      memory: 'secret',
    })
    const before = (await rowsOf('ada@example.com')).find((c) => c.id === contact.id)

    const list: Contact[] = (await call(grace, 'GET', '/api/contacts')).json()
    expect(list.some((c) => c.id === contact.id)).toBe(false)
    const read = await call(grace, 'GET', `/api/contacts/${contact.id}`)
    const update = await call(grace, 'PUT', `/api/contacts/${contact.id}`, {
      name: 'Hijacked',
      email: 'hijack@example.com',
    })
    const remove = await call(grace, 'DELETE', `/api/contacts/${contact.id}`)
    for (const response of [read, update, remove]) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: 'Contact not found' },
      })
    }

    const after = (await rowsOf('ada@example.com')).find((c) => c.id === contact.id)
    expect(after).toEqual(before)
  })
})

describe('without a session', () => {
  it('answers 401 on every route, before looking at the body', async () => {
    const id = MISSING_ID
    const routes: [Method, string, object?][] = [
      ['GET', '/api/contacts'],
      ['GET', `/api/contacts/${id}`],
      ['POST', '/api/contacts', { name: 'X', email: 'x@example.com' }],
      ['POST', '/api/contacts', {}],
      ['PUT', `/api/contacts/${id}`, { name: 'X', email: 'x@example.com' }],
      ['DELETE', `/api/contacts/${id}`],
    ]
    for (const [method, url, body] of routes) {
      const response = await call(undefined, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(response.json().error.code).toBe('unauthorized')
    }
  })
})
