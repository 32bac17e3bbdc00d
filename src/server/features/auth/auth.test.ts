import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { sessions, users } from '../../db/schema.js'
import { sha256 } from '../../lib/crypto.js'
import { createAuthRepository } from './repository.js'
import { createAuthService } from './service.js'
import {
  chooseAccount,
  cookieFrom,
  sameOrigin,
  signIn,
  startHarness,
  type Harness,
} from '../../test/harness.js'

let h: Harness
const DAY_MS = 24 * 3600 * 1000

beforeAll(async () => {
  h = await startHarness({
    users: [
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { email: 'unverified@example.com', name: 'Not Verified', email_verified: false },
      { email: 'taken@example.com', name: 'Taken Address' },
    ],
  })
})
afterAll(async () => h?.close())

async function currentUser(session: string | undefined) {
  return h.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    cookies: session ? { inkwell_session: session } : {},
  })
}

/** Starts a login and returns what the callback needs, to tamper with. */
async function startLogin() {
  const login = await h.app.inject({ method: 'GET', url: '/api/auth/google/login' })
  const location = new URL(String(login.headers.location))
  return {
    login,
    location,
    flow: cookieFrom(login, 'inkwell_oauth')!,
    state: location.searchParams.get('state')!,
  }
}

describe('Google sign-in', () => {
  it('redirects to Google with PKCE, state and the Gmail scope', async () => {
    const { login, location, flow } = await startLogin()
    expect(login.statusCode).toBe(302)
    expect(location.origin).toBe(new URL(h.standIn.url).origin)
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(location.searchParams.get('scope')).toContain(
      'https://www.googleapis.com/auth/gmail.modify',
    )
    expect(location.searchParams.get('access_type')).toBe('offline')
    const flowCookie = login.cookies.find((c) => c.name === 'inkwell_oauth')!
    expect(flowCookie.httpOnly).toBe(true)
    // The verifier never leaves the server in readable form: the flow cookie is sealed, and
    // opened with the server's key it holds the verifier whose S256 hash Google was sent.
    const sealed: { state: string; verifier: string } = JSON.parse(h.cookieSecrets.open(flow))
    expect(sealed.state).toBe(location.searchParams.get('state'))
    expect(sealed.verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/)
    expect(createHash('sha256').update(sealed.verifier).digest('base64url')).toBe(
      location.searchParams.get('code_challenge'),
    )
    expect(flow).not.toContain(sealed.verifier)
    expect(flow).not.toContain(sealed.state)
    expect(location.href).not.toContain(sealed.verifier)
  })

  it('signs a new user in, starts a session and lands on /oauth-success', async () => {
    const { callback, session } = await signIn(h, 'ada@example.com')
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/oauth-success')
    // Plain http (the demo): the plain name, as a browser refuses __Host- without Secure.
    const sessionCookie = callback.cookies.find((c) => c.name === 'inkwell_session')!
    expect(sessionCookie.httpOnly).toBe(true)
    expect(sessionCookie.secure).toBeFalsy()
    expect(sessionCookie.sameSite).toBe('Lax')
    const success = callback.cookies.find((c) => c.name === 'oauth_success')!
    expect(success.httpOnly).toBeFalsy()
    expect(success.maxAge).toBe(60)

    const me = await currentUser(session)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      gmailConnected: true,
      isAdmin: false,
    })
  })

  it('finds the same user again on a second sign-in instead of creating another', async () => {
    await signIn(h, 'ada@example.com')
    const rows = await h.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    expect(rows).toHaveLength(1)
  })

  it('says isAdmin for the addresses in ADMIN_EMAILS', async () => {
    const { session } = await signIn(h, 'grace@example.com')
    expect((await currentUser(session)).json()).toMatchObject({ isAdmin: true })
  })

  it('stores the Google tokens encrypted, not as plain text', async () => {
    const [row] = await h.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    expect(row!.gmailAccessToken).toMatch(/^v2\./)
    expect(row!.gmailAccessToken).not.toContain('google_')
    expect(row!.gmailRefreshToken).not.toContain('google_refresh_')
    // ...and they are the real tokens once opened with the key.
    expect(h.secrets.open(row!.gmailAccessToken!)).toMatch(/^google_/)
    expect(h.secrets.open(row!.gmailRefreshToken!)).toMatch(/^google_refresh_/)
  })

  it('refuses a callback whose state was forged', async () => {
    const { location, flow } = await startLogin()
    const back = await chooseAccount(location.toString(), 'ada@example.com')
    back.searchParams.set('state', 'forged-state')
    const callback = await h.app.inject({
      url: `${back.pathname}${back.search}`,
      cookies: { inkwell_oauth: flow },
    })
    expect(callback.headers.location).toBe('/auth?error=oauth_failed')
    expect(cookieFrom(callback, 'inkwell_session')).toBeUndefined()
  })

  it('refuses a callback without state, or without the flow cookie', async () => {
    const { location, flow } = await startLogin()
    const back = await chooseAccount(location.toString(), 'ada@example.com')
    const code = back.searchParams.get('code')!
    const noState = await h.app.inject({
      url: `/api/auth/google/callback?code=${code}`,
      cookies: { inkwell_oauth: flow },
    })
    expect(noState.headers.location).toBe('/auth?error=oauth_failed')
    const noCookie = await h.app.inject({ url: `${back.pathname}${back.search}` })
    expect(noCookie.headers.location).toBe('/auth?error=oauth_failed')
  })

  it('answers oauth_failed when the user cancels at Google', async () => {
    const { flow, state } = await startLogin()
    const callback = await h.app.inject({
      url: `/api/auth/google/callback?error=access_denied&state=${state}`,
      cookies: { inkwell_oauth: flow },
    })
    expect(callback.headers.location).toBe('/auth?error=oauth_failed')
  })

  it('answers token_exchange when Google refuses the code', async () => {
    const { flow, state } = await startLogin()
    const callback = await h.app.inject({
      url: `/api/auth/google/callback?code=not-a-real-code&state=${state}`,
      cookies: { inkwell_oauth: flow },
    })
    expect(callback.headers.location).toBe('/auth?error=token_exchange')
  })

  it('answers no_email when Google has no verified address for the account', async () => {
    const { callback } = await signIn(h, 'unverified@example.com')
    expect(callback.headers.location).toBe('/auth?error=no_email')
    const rows = await h.db.select().from(users).where(eq(users.email, 'unverified@example.com'))
    expect(rows).toHaveLength(0)
  })

  it('answers user_creation when the address belongs to another Google account', async () => {
    await h.db
      .insert(users)
      .values({ email: 'taken@example.com', name: 'Someone', googleId: 'other-google-id' })
    const { callback } = await signIn(h, 'taken@example.com')
    expect(callback.headers.location).toBe('/auth?error=user_creation')
  })

  it('answers session_save when the session cannot be stored', async () => {
    await h.db.execute(sql`alter table sessions rename to sessions_away`)
    try {
      const { callback } = await signIn(h, 'ada@example.com')
      expect(callback.headers.location).toBe('/auth?error=session_save')
    } finally {
      await h.db.execute(sql`alter table sessions_away rename to sessions`)
    }
  })

  it('refuses an unknown intent with a 400 that says what is wrong', async () => {
    const response = await h.app.inject({ url: '/api/auth/google/login?intent=steal' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('validation_error')
    expect(response.json().error.message).toContain('intent')
  })

  it('sends /auth/google to the Gmail connection flow', async () => {
    const response = await h.app.inject({ url: '/auth/google' })
    expect(response.headers.location).toBe('/api/auth/google/login?intent=connect')
  })
})

describe('sessions', () => {
  it('answers 401 without a session, or with an unknown one', async () => {
    expect((await currentUser(undefined)).statusCode).toBe(401)
    const bogus = await currentUser('not-a-session')
    expect(bogus.statusCode).toBe(401)
    expect(bogus.json()).toEqual({ error: { code: 'unauthorized', message: 'Not signed in' } })
  })

  it('ends the session on logout: the old cookie no longer works', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    expect((await currentUser(session)).statusCode).toBe(200)
    const logout = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: sameOrigin,
      cookies: { inkwell_session: session! },
    })
    expect(logout.statusCode).toBe(204)
    expect((await currentUser(session)).statusCode).toBe(401)
  })

  it('refuses a state-changing call from another origin', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    for (const headers of [{ origin: 'https://evil.example' }, {}]) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        cookies: { inkwell_session: session! },
      })
      expect(response.statusCode).toBe(403)
    }
    expect((await currentUser(session)).statusCode).toBe(200)
  })
})

describe('sign out of all devices', () => {
  const logoutAll = (session: string, headers: Record<string, string> = sameOrigin) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers,
      cookies: { inkwell_session: session },
    })

  it("ends every session of the user, this one included, and no one else's", async () => {
    const laptop = (await signIn(h, 'ada@example.com')).session!
    const phone = (await signIn(h, 'ada@example.com')).session!
    const grace = (await signIn(h, 'grace@example.com')).session!

    const response = await logoutAll(phone)
    expect(response.statusCode).toBe(204)
    expect(cookieFrom(response, 'inkwell_session')).toBe('')
    expect((await currentUser(laptop)).statusCode).toBe(401)
    expect((await currentUser(phone)).statusCode).toBe(401)
    expect((await currentUser(grace)).statusCode).toBe(200)
  })

  it('needs a session, and refuses a call from another origin', async () => {
    expect((await logoutAll('not-a-session')).statusCode).toBe(401)
    const laptop = (await signIn(h, 'ada@example.com')).session!
    expect((await logoutAll(laptop, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await currentUser(laptop)).statusCode).toBe(200)
  })
})

describe('looking a session up', () => {
  it('asks the database once for the requests a page load sends together', async () => {
    const live = (await signIn(h, 'grace@example.com')).session!
    const repo = createAuthRepository(h.db)
    let lookups = 0
    const auth = createAuthService({
      repo: {
        ...repo,
        findSessionUser: (...args) => {
          lookups++
          return repo.findSessionUser(...args)
        },
      },
      google: null,
      secrets: h.secrets,
      adminEmails: [],
      sessionTtlDays: 30,
      sessionIdleDays: 14,
      log: h.app.log,
    })
    const users = await Promise.all(Array.from({ length: 6 }, () => auth.userForSessionToken(live)))
    expect(users.map((u) => u?.email)).toEqual(Array(6).fill('grace@example.com'))
    expect(lookups).toBe(1)
    // Once answered, the next ask looks again: a session may have ended since.
    expect((await auth.userForSessionToken(live))?.email).toBe('grace@example.com')
    expect(lookups).toBe(2)
    expect(await auth.userForSessionToken('not-a-session')).toBeNull()
  })
})

describe('expired sessions', () => {
  it('are purged, and sessions still running are kept', async () => {
    const live = (await signIn(h, 'grace@example.com')).session!
    const [grace] = await h.db.select().from(users).where(eq(users.email, 'grace@example.com'))
    const lapsed = ['lapsed-1', 'lapsed-2', 'idle-1'].map(sha256)
    await h.db.insert(sessions).values([
      ...lapsed.slice(0, 2).map((id) => ({
        id,
        userId: grace!.id,
        expiresAt: new Date(Date.now() - 1000),
      })),
      // Within its 30 days, but unused for longer than the 14 idle ones.
      {
        id: lapsed[2]!,
        userId: grace!.id,
        expiresAt: new Date(Date.now() + DAY_MS),
        lastSeenAt: new Date(Date.now() - 15 * DAY_MS),
      },
    ])
    const auth = createAuthService({
      repo: createAuthRepository(h.db),
      google: null,
      secrets: h.secrets,
      adminEmails: [],
      sessionTtlDays: 30,
      sessionIdleDays: 14,
      log: h.app.log,
    })

    expect(await auth.purgeExpiredSessions()).toBeGreaterThanOrEqual(3)
    const left = await h.db.select({ id: sessions.id }).from(sessions)
    for (const id of lapsed) expect(left.map((s) => s.id)).not.toContain(id)
    expect(left.map((s) => s.id)).toContain(sha256(live))
    expect((await currentUser(live)).statusCode).toBe(200)
  })
})

describe('idle sessions', () => {
  /** Sets the session's last-used mark (and sign-in time) as if time had passed. */
  async function backdate(session: string, lastSeenAgoMs: number, createdAgoMs = lastSeenAgoMs) {
    await h.db
      .update(sessions)
      .set({
        lastSeenAt: new Date(Date.now() - lastSeenAgoMs),
        createdAt: new Date(Date.now() - createdAgoMs),
      })
      .where(eq(sessions.id, sha256(session)))
  }
  const lastSeen = async (session: string) =>
    (
      await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(session)))
    )[0]?.lastSeenAt

  it('end after SESSION_IDLE_DAYS unused: refused, and the row is gone', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    await backdate(session!, 14 * DAY_MS + 60_000)
    const refused = await currentUser(session)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ error: { code: 'unauthorized', message: 'Not signed in' } })
    expect(await lastSeen(session!)).toBeUndefined()
  })

  it('stay alive past the idle period while in use, marked every few minutes, not every request', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    // Signed in 20 days ago, last used 13 days ago: still alive, and now marked used.
    await backdate(session!, 13 * DAY_MS, 20 * DAY_MS)
    expect((await currentUser(session)).statusCode).toBe(200)
    const marked = (await lastSeen(session!))!
    expect(Date.now() - marked.getTime()).toBeLessThan(60_000)
    // 14 more days would have ended it without that use; 13 more leave it alive.
    await backdate(session!, 13 * DAY_MS, 33 * DAY_MS)
    expect((await currentUser(session)).statusCode).toBe(200)

    // Used two minutes ago: the mark is fresh enough, so a request does not write the row.
    await backdate(session!, 2 * 60_000, 33 * DAY_MS)
    const before = (await lastSeen(session!))!
    for (let i = 0; i < 3; i++) expect((await currentUser(session)).statusCode).toBe(200)
    expect((await lastSeen(session!))!.getTime()).toBe(before.getTime())
    // Six minutes: the next request renews it.
    await backdate(session!, 6 * 60_000, 33 * DAY_MS)
    expect((await currentUser(session)).statusCode).toBe(200)
    expect(Date.now() - (await lastSeen(session!))!.getTime()).toBeLessThan(60_000)
  })

  it('still end at SESSION_TTL_DAYS however much they are used', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256(session!)))
    expect((await currentUser(session)).statusCode).toBe(401)
    expect(await lastSeen(session!)).toBeUndefined()
  })
})

describe('the session cookie over https', () => {
  let secure: Harness
  beforeAll(async () => {
    secure = await startHarness({ config: { appUrl: 'https://mail.example.com' } })
  })
  afterAll(async () => secure?.close())

  it('is __Host-inkwell_session: Secure, Path=/, no Domain, so no other site can plant one', async () => {
    const { callback } = await signIn(secure, 'ada@example.com')
    const cookie = callback.cookies.find((c) => c.name === '__Host-inkwell_session')!
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' })
    expect(cookie.domain).toBeUndefined()
    expect(cookieFrom(callback, 'inkwell_session')).toBeUndefined()

    const me = (cookies: Record<string, string>) =>
      secure.app.inject({ url: '/api/auth/user', cookies })
    expect((await me({ '__Host-inkwell_session': cookie.value })).statusCode).toBe(200)
    // The plain name is not read: a cookie planted from http or a subdomain signs no one in.
    expect((await me({ inkwell_session: cookie.value })).statusCode).toBe(401)

    const logout = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://mail.example.com' },
      cookies: { '__Host-inkwell_session': cookie.value },
    })
    expect(logout.statusCode).toBe(204)
    // A browser deletes a __Host- cookie only when the deletion carries the same attributes.
    const cleared = logout.cookies.find((c) => c.name === '__Host-inkwell_session')!
    expect(cleared).toMatchObject({ value: '', secure: true, path: '/' })
    expect((await me({ '__Host-inkwell_session': cookie.value })).statusCode).toBe(401)
  })
})

describe('Gmail disconnect', () => {
  it('revokes the grant at Google and forgets the tokens', async () => {
    const { session } = await signIn(h, 'ada@example.com')
    const [before] = await h.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    const refreshToken = h.secrets.open(before!.gmailRefreshToken!)

    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/gmail/disconnect',
      headers: sameOrigin,
      cookies: { inkwell_session: session! },
    })
    expect(response.statusCode).toBe(200)
    expect((await currentUser(session)).json()).toMatchObject({ gmailConnected: false })
    const [after] = await h.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    expect(after!.gmailAccessToken).toBeNull()
    expect(after!.gmailRefreshToken).toBeNull()

    // Google no longer honours the refresh token.
    const refresh = await fetch(`${h.standIn.url}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'inkwell-demo.apps.googleusercontent.com',
        client_secret: 'inkwell-demo-secret',
      }),
    })
    expect(refresh.status).toBe(400)
  })
})

describe('the plan', () => {
  it('answers the plan box from the user row', async () => {
    const { session } = await signIn(h, 'grace@example.com')
    const response = await h.app.inject({
      url: '/api/user/plan',
      cookies: { inkwell_session: session! },
    })
    expect(response.json()).toEqual({
      plan: 'free',
      aiEmailsUsed: 0,
      aiEmailsLimit: 20,
      canGenerateAI: true,
      proExpiration: null,
      proRenews: false,
      paymentPastDue: false,
      canManageBilling: false,
    })
  })
})

describe('without Google configured', () => {
  it('sends sign-in to /auth?error=oauth_config', async () => {
    const bare = await startHarness({ google: 'unconfigured' })
    try {
      const response = await bare.app.inject({ url: '/api/auth/google/login' })
      expect(response.headers.location).toBe('/auth?error=oauth_config')
    } finally {
      await bare.close()
    }
  })
})

describe('the sign-in endpoints', () => {
  it('are rate limited per client, with a 429 in the usual error shape', async () => {
    const limited = await startHarness({ config: { authRateLimitPerMinute: 3 } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.app.inject({ url: '/api/auth/google/login' })).statusCode)
      }
      expect(statuses).toEqual([302, 302, 302, 429])
      const refused = await limited.app.inject({ url: '/api/auth/google/login' })
      expect(refused.json().error.code).toBe('too_many_requests')
    } finally {
      await limited.close()
    }
  })
})

describe("Google's consent screen", () => {
  const promptOf = async (url: string) => {
    const login = await h.app.inject({ method: 'GET', url })
    return new URL(String(login.headers.location)).searchParams.get('prompt')
  }

  it('is not shown to a returning user signing in, only when Gmail is connected again', async () => {
    expect(await promptOf('/api/auth/google/login')).toBeNull()
    expect(await promptOf('/api/auth/google/login?intent=connect')).toBe('consent')
    expect(await promptOf('/api/auth/google/login?prompt=consent')).toBe('consent')
  })
})
