import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AccountExport } from '../../../contract/account.js'
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults.js'
import {
  aiDrafts,
  contacts,
  sessions,
  tickets,
  userSettings,
  users,
  writingProfiles,
} from '../../db/schema.js'
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

async function userRow(email: string) {
  const [row] = await h.db.select().from(users).where(eq(users.email, email))
  return row
}

/** Asks the Google stand-in for a new access token with `refreshToken`; answers the status. */
async function refreshAtGoogle(refreshToken: string): Promise<number> {
  const response = await fetch(`${h.standIn.url}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'inkwell-demo.apps.googleusercontent.com',
      client_secret: 'inkwell-demo-secret',
    }),
  })
  return response.status
}

const profileBody = {
  tone: 'professional',
  style: 'concise',
  vocabulary: 'standard',
  sentenceStructure: 'mixed',
}

describe('settings', () => {
  it('answers the defaults before anything is saved, without storing a row', async () => {
    const response = await call(ada, 'GET', '/api/user/settings')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DEFAULT_SETTINGS)
    const ids = (await h.db.select().from(userSettings)).map((r) => r.userId)
    expect(ids).not.toContain((await userRow('ada@example.com'))!.id)
  })

  it('saves a partial update, answers the full settings and keeps them', async () => {
    const response = await call(ada, 'PUT', '/api/user/settings', {
      compactView: true,
      defaultTone: 'friendly',
      emailTheme: 'colorful',
    })
    expect(response.statusCode).toBe(200)
    const expected = {
      ...DEFAULT_SETTINGS,
      compactView: true,
      defaultTone: 'friendly',
      emailTheme: 'colorful',
    }
    expect(response.json()).toEqual(expected)
    expect((await call(ada, 'GET', '/api/user/settings')).json()).toEqual(expected)

    // A second partial update leaves the first one's fields alone.
    const second = await call(ada, 'PUT', '/api/user/settings', { soundNotifications: true })
    expect(second.json()).toEqual({ ...expected, soundNotifications: true })
    expect((await call(ada, 'GET', '/api/user/settings')).json()).toEqual({
      ...expected,
      soundNotifications: true,
    })
  })

  it('keeps every field when concurrent saves change different ones', async () => {
    await Promise.all([
      call(grace, 'PUT', '/api/user/settings', { animationsEnabled: false }),
      call(grace, 'PUT', '/api/user/settings', { autoRefresh: false }),
      call(grace, 'PUT', '/api/user/settings', { priorityDisplay: 'icons' }),
    ])
    expect((await call(grace, 'GET', '/api/user/settings')).json()).toEqual({
      ...DEFAULT_SETTINGS,
      animationsEnabled: false,
      autoRefresh: false,
      priorityDisplay: 'icons',
    })
  })

  it('refuses an unknown field with a 400 that names it', async () => {
    const response = await call(ada, 'PUT', '/api/user/settings', { darkMode: true })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('validation_error')
    expect(response.json().error.message).toContain('darkMode')
  })

  it.each([
    [{ emailTheme: 'neon' }, 'emailTheme'],
    [{ priorityDisplay: 'sparkles' }, 'priorityDisplay'],
    [{ defaultTone: 'sarcastic' }, 'defaultTone'],
    [{ defaultLanguage: 'klingon' }, 'defaultLanguage'],
    [{ compactView: 'yes' }, 'compactView'],
  ])('refuses %j with a 400 that names %s', async (body, field) => {
    const before = (await call(ada, 'GET', '/api/user/settings')).json()
    const response = await call(ada, 'PUT', '/api/user/settings', body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(`${field}: `)
    expect((await call(ada, 'GET', '/api/user/settings')).json()).toEqual(before)
  })
})

describe('export', () => {
  let exported: AccountExport
  let raw: string

  beforeAll(async () => {
    const contact = await call(ada, 'POST', '/api/contacts', {
      name: 'Charles Babbage',
      email: 'charles@example.com',
    })
    const profile = await call(ada, 'POST', '/api/writing-profiles', {
      ...profileBody,
      name: 'Work',
    })
    await call(grace, 'POST', '/api/contacts', { name: 'Not Ada’s', email: 'other@example.com' })
    const adaId = (await userRow('ada@example.com'))!.id
    const graceId = (await userRow('grace@example.com'))!.id
    await h.db.insert(aiDrafts).values({
      userId: adaId,
      contactId: contact.json().id,
      writingProfileId: profile.json().id,
      userInput: 'Thank Charles for the engine',
      aiDraft: 'Dear Charles, thank you...',
      subject: 'Thanks',
    })
    await h.db.insert(tickets).values([
      {
        userId: adaId,
        type: 'bug',
        subject: 'Ada’s ticket',
        message: 'It broke',
        name: 'Ada',
        email: 'ada@example.com',
      },
      {
        userId: graceId,
        type: 'feature',
        message: 'Grace’s ticket',
        name: 'Grace',
        email: 'grace@example.com',
      },
      {
        userId: null,
        type: 'support',
        message: 'Anonymous',
        name: 'Anon',
        email: 'ada@example.com',
      },
    ])
    const response = await call(ada, 'GET', '/api/user/export')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('no-store')
    const today = new Date().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="inkwell-export-${today}.json"`,
    )
    raw = response.body
    exported = JSON.parse(raw)
  })

  it('holds the profile, settings, contacts, writing profiles, drafts and tickets', async () => {
    expect(exported.profile).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      plan: 'free',
      gmailConnected: true,
    })
    expect(exported.settings).toMatchObject({ compactView: true, defaultTone: 'friendly' })
    expect(exported.contacts.map((c) => c.email)).toEqual(['charles@example.com'])
    expect(exported.writingProfiles.map((p) => [p.name, p.isDefault])).toEqual([['Work', true]])
    expect(exported.aiDrafts).toHaveLength(1)
    expect(exported.aiDrafts[0]).toMatchObject({
      userInput: 'Thank Charles for the engine',
      subject: 'Thanks',
    })
    // Only the tickets filed from the account; an anonymous one with the same address is not hers.
    expect(exported.tickets.map((t) => t.subject)).toEqual(['Ada’s ticket'])
    expect(new Date(exported.exportedAt).getTime()).toBeLessThanOrEqual(Date.now())
  })

  it('never contains a token, the Google id, a session or a payment id', async () => {
    const row = (await userRow('ada@example.com'))!
    expect(row.gmailAccessToken).toBeTruthy()
    expect(row.gmailRefreshToken).toBeTruthy()
    const secrets = [
      row.gmailAccessToken!,
      row.gmailRefreshToken!,
      h.secrets.open(row.gmailAccessToken!),
      h.secrets.open(row.gmailRefreshToken!),
      row.googleId!,
      ada,
    ]
    for (const secret of secrets) expect(raw).not.toContain(secret)
    for (const name of ['gmailAccessToken', 'gmailRefreshToken', 'googleId', 'stripe', 'session']) {
      expect(raw.toLowerCase()).not.toContain(name.toLowerCase())
    }
  })

  it('holds only the asking user’s data', async () => {
    const other = await call(grace, 'GET', '/api/user/export')
    const body: AccountExport = other.json()
    expect(body.contacts.map((c) => c.email)).toEqual(['other@example.com'])
    expect(body.tickets.map((t) => t.message)).toEqual(['Grace’s ticket'])
  })
})

describe('account deletion', () => {
  it('refuses without the typed confirmation (400) and deletes nothing', async () => {
    for (const payload of [undefined, {}, { confirm: 'delete' }, { confirm: true }]) {
      const response = await call(ada, 'DELETE', '/api/user', payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('validation_error')
    }
    expect(
      (await call(ada, 'DELETE', '/api/user', { confirm: 'wrong' })).json().error.message,
    ).toContain('confirm: Type DELETE to confirm')
    expect(await userRow('ada@example.com')).toBeDefined()
    expect((await call(ada, 'GET', '/api/auth/user')).statusCode).toBe(200)
  })

  it('refuses a cross-origin deletion', async () => {
    const response = await h.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { origin: 'https://evil.example' },
      cookies: { inkwell_session: ada },
      payload: { confirm: 'DELETE' },
    })
    expect(response.statusCode).toBe(403)
    expect(await userRow('ada@example.com')).toBeDefined()
  })

  it('revokes Google, deletes the user and everything theirs, tickets included, signs out', async () => {
    // A second device: its sign-in also replaces the stored Google tokens.
    const secondSession = (await signIn(h, 'ada@example.com')).session!
    const user = (await userRow('ada@example.com'))!
    const refreshToken = h.secrets.open(user.gmailRefreshToken!)
    expect(await refreshAtGoogle(refreshToken)).toBe(200)
    const graceBefore = await call(grace, 'GET', '/api/user/export')

    const response = await call(ada, 'DELETE', '/api/user', { confirm: 'DELETE' })
    expect(response.statusCode).toBe(204)
    const cleared = response.cookies.find((c) => c.name === 'inkwell_session')
    expect(cleared?.value).toBe('')
    expect(cleared?.path).toBe('/')
    expect(new Date(cleared!.expires!).getTime()).toBeLessThanOrEqual(Date.now())

    // The rows are gone.
    expect(await userRow('ada@example.com')).toBeUndefined()
    for (const table of [contacts, writingProfiles, userSettings, sessions, aiDrafts, tickets]) {
      expect(await h.db.select().from(table).where(eq(table.userId, user.id))).toEqual([])
    }
    // Her tickets are gone with her name and address (decision 016); an anonymous ticket that
    // merely quotes the same address is not provably hers and stays.
    const left = await h.db.select().from(tickets).where(eq(tickets.email, 'ada@example.com'))
    expect(left.map((t) => [t.message, t.userId])).toEqual([['Anonymous', null]])

    // Every session of the account is over, not only the one that asked.
    expect((await call(ada, 'GET', '/api/auth/user')).statusCode).toBe(401)
    expect((await call(secondSession, 'GET', '/api/auth/user')).statusCode).toBe(401)
    expect((await call(ada, 'GET', '/api/user/settings')).statusCode).toBe(401)

    // Google no longer honours the grant.
    expect(await refreshAtGoogle(refreshToken)).toBe(400)

    // Grace's account is untouched.
    expect((await call(grace, 'GET', '/api/auth/user')).statusCode).toBe(200)
    const graceAfter = await call(grace, 'GET', '/api/user/export')
    const strip = (body: AccountExport) => ({ ...body, exportedAt: '' })
    expect(strip(graceAfter.json())).toEqual(strip(graceBefore.json()))
  })

  it('lets the same Google account sign up again as a fresh, empty account', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    expect((await call(session, 'GET', '/api/contacts')).json()).toEqual([])
    expect((await call(session, 'GET', '/api/user/settings')).json()).toEqual(DEFAULT_SETTINGS)
  })
})

describe('without a session', () => {
  it('answers 401 on every route', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', '/api/user/settings'],
      ['PUT', '/api/user/settings', { compactView: true }],
      ['GET', '/api/user/export'],
      ['DELETE', '/api/user', { confirm: 'DELETE' }],
    ]
    for (const [method, url, body] of routes) {
      const response = await call(undefined, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})
