import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContactSuggestion } from '../../../contract/contacts.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

/**
 * The first sign-in's onboarding (issue 25): its flags make it open once per user, and its
 * "people you write to most" come from the user's own sent mail only.
 */
let h: Harness
let ada: string
let grace: string

beforeAll(async () => {
  h = await startHarness()
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
})
afterAll(async () => h?.close())

async function me(session: string) {
  const response = await h.call(session, 'GET', '/api/auth/user')
  expect(response.statusCode).toBe(200)
  return response.json<{ hasCompletedOnboarding: boolean; hasSeenTutorial: boolean }>()
}

async function send(session: string, to: string, cc?: string) {
  const sent = await h.call(session, 'POST', '/api/gmail/send', {
    to,
    ...(cc ? { cc } : {}),
    subject: `To ${to}`,
    body: 'Hello',
  })
  expect(sent.statusCode).toBe(200)
}

async function suggestions(session: string, query = ''): Promise<ContactSuggestion[]> {
  const response = await h.call(session, 'GET', `/api/contacts/suggestions${query}`)
  expect(response.statusCode).toBe(200)
  return response.json<ContactSuggestion[]>()
}

describe('the onboarding flags', () => {
  it('start unset, so a new user gets the onboarding', async () => {
    expect(await me(ada)).toMatchObject({ hasCompletedOnboarding: false, hasSeenTutorial: false })
  })

  it('are written for the caller only and stay written', async () => {
    const seen = await h.call(ada, 'PATCH', '/api/user/onboarding', { tutorialSeen: true })
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toEqual({ hasCompletedOnboarding: false, hasSeenTutorial: true })

    const done = await h.call(ada, 'PATCH', '/api/user/onboarding', { completed: true })
    expect(done.json()).toEqual({ hasCompletedOnboarding: true, hasSeenTutorial: true })
    expect(await me(ada)).toMatchObject({ hasCompletedOnboarding: true, hasSeenTutorial: true })
    // Grace has not been through it: hers still opens.
    expect(await me(grace)).toMatchObject({ hasCompletedOnboarding: false, hasSeenTutorial: false })
  })

  it('cannot be cleared, and a wrong body is a 400 naming the field', async () => {
    const cleared = await h.call(ada, 'PATCH', '/api/user/onboarding', { completed: false })
    expect(cleared.statusCode).toBe(400)
    expect(cleared.body).toContain('completed')
    const unknown = await h.call(ada, 'PATCH', '/api/user/onboarding', { admin: true })
    expect(unknown.statusCode).toBe(400)
    expect(await me(ada)).toMatchObject({ hasCompletedOnboarding: true })
  })

  it('need a session', async () => {
    const response = await h.call(undefined, 'PATCH', '/api/user/onboarding', { completed: true })
    expect(response.statusCode).toBe(401)
  })
})

describe('the people the user writes to most', () => {
  beforeAll(async () => {
    await send(ada, 'Bob Stone <bob@example.com>')
    await send(ada, 'bob@example.com', 'Carol <carol@example.com>')
    await send(ada, 'BOB@example.com, Carol <carol@example.com>')
    await send(ada, 'Dan <dan@example.com>')
    // Ada writing to herself is not someone she writes to.
    await send(ada, 'ada@example.com')
    await send(ada, 'ada@example.com')
    await send(ada, 'ada@example.com')
    await send(ada, 'ada@example.com')
    // Grace's own correspondent, written to more than anyone of Ada's.
    for (let i = 0; i < 4; i++) await send(grace, 'Zed <zed@example.com>')
  })

  it('are counted from the sent mail, most first, at most three by default', async () => {
    const found = await suggestions(ada)
    expect(found.map((s) => [s.email, s.count])).toEqual([
      ['bob@example.com', 3],
      ['carol@example.com', 2],
      ['dan@example.com', 1],
    ])
    expect(found[0]!.name).toBe('Bob Stone')
    expect(found.every((s) => s.contact === null)).toBe(true)
  })

  it("never include another user's correspondents", async () => {
    expect((await suggestions(ada, '?limit=10')).map((s) => s.email)).not.toContain(
      'zed@example.com',
    )
    expect((await suggestions(grace)).map((s) => s.email)).toEqual(['zed@example.com'])
  })

  it('carry the saved contact when there is one', async () => {
    const created = await h.call(ada, 'POST', '/api/contacts', {
      name: 'Carol King',
      email: 'Carol@example.com',
      tone: 'casual',
    })
    expect(created.statusCode).toBe(201)
    const carol = (await suggestions(ada)).find((s) => s.email === 'carol@example.com')
    expect(carol?.contact).toMatchObject({ id: created.json<{ id: string }>().id, tone: 'casual' })
    // Grace's suggestions know nothing of Ada's contacts.
    expect((await suggestions(grace)).every((s) => s.contact === null)).toBe(true)
  })

  it('refuse a limit out of range with a 400 naming it', async () => {
    const response = await h.call(ada, 'GET', '/api/contacts/suggestions?limit=0')
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('limit')
  })
})
