import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

let h: Harness
let ada: string
let grace: string

beforeAll(async () => {
  h = await startHarness({ withMailbox: true })
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
})
afterAll(async () => h?.close())

describe('sending refuses what is not an address', () => {
  it.each([
    ['to', { to: 'not-an-email' }, 'To: recipient is not an e-mail address'],
    ['cc', { to: 'kim@example.com', cc: 'kim@example.com, nope' }, 'Cc: recipient 2 of 2'],
    ['bcc', { to: 'kim@example.com', bcc: 'still wrong' }, 'Bcc: recipient is not'],
  ])('answers 400 naming %s, and nothing is sent', async (field, fields, message) => {
    const response = await h.call(ada, 'POST', '/api/gmail/send', {
      subject: 'Hi',
      body: 'Hello',
      ...fields,
    })
    expect(response.statusCode).toBe(400)
    const error = response.json().error
    expect(error.code).toBe('validation_error')
    expect(error.message).toMatch(new RegExp(`^${field}: `))
    expect(error.message).toContain(message)
  })
})

describe('GET /api/gmail/recipients', () => {
  beforeAll(async () => {
    const contact = await h.call(ada, 'POST', '/api/contacts', {
      name: 'Bernadette Quill',
      email: 'bernadette@example.com',
    })
    expect(contact.statusCode).toBe(201)
    const sent = await h.call(ada, 'POST', '/api/gmail/send', {
      to: 'Benedict Berry <benedict.berry@example.com>, kim@example.com',
      subject: 'Seats',
      body: 'Forty of them.',
    })
    expect(sent.statusCode).toBe(200)
  })

  it('suggests saved contacts first, then people the user has written to', async () => {
    const response = await h.call(ada, 'GET', '/api/gmail/recipients?q=bene')
    expect(response.statusCode).toBe(200)
    expect(response.json().suggestions).toEqual([
      { name: 'Benedict Berry', email: 'benedict.berry@example.com', source: 'sent' },
    ])
    const both = (await h.call(ada, 'GET', '/api/gmail/recipients?q=ber')).json().suggestions
    expect(both[0]).toEqual({
      name: 'Bernadette Quill',
      email: 'bernadette@example.com',
      source: 'contact',
    })
    expect(both.map((s: { email: string }) => s.email)).toContain('benedict.berry@example.com')
  })

  it("never suggests another user's contacts or correspondents", async () => {
    const response = await h.call(grace, 'GET', '/api/gmail/recipients?q=be')
    expect(response.statusCode).toBe(200)
    const emails = response.json().suggestions.map((s: { email: string }) => s.email)
    expect(emails).not.toContain('bernadette@example.com')
    expect(emails).not.toContain('benedict.berry@example.com')
  })

  it('keeps to the limit, and refuses a bad one with a 400 naming it', async () => {
    const one = await h.call(ada, 'GET', '/api/gmail/recipients?q=e&limit=1')
    expect(one.json().suggestions).toHaveLength(1)
    const bad = await h.call(ada, 'GET', '/api/gmail/recipients?q=e&limit=500')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toMatch(/^limit: /)
  })

  it('asks for a session', async () => {
    expect((await h.app.inject({ url: '/api/gmail/recipients?q=b' })).statusCode).toBe(401)
  })
})
