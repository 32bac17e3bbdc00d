import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { STANDIN_OAUTH_CLIENT } from '../config.js'
import { GoogleOAuth, standInEndpoints } from '../features/auth/google.js'
import { freePort } from '../test/free-port.js'
import { chooseAccount } from '../test/google-sign-in.js'
import { startGoogleStandIn, type GoogleStandIn } from './google.js'
import { stableGoogleId } from './google-guard.js'

const REDIRECT_URI = 'http://localhost:3999/api/auth/google/callback'
const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' }
const GRACE = { email: 'grace@example.com', name: 'Grace Hopper' }

const running: GoogleStandIn[] = []
afterEach(async () => {
  for (const standIn of running.splice(0)) await standIn.close()
})

async function start(memoryDir?: string) {
  const standIn = await startGoogleStandIn({
    memoryDir,
    port: await freePort(),
    redirectUris: [REDIRECT_URI],
    users: [ADA, GRACE],
    withMailbox: true,
    threadsPerUser: 5,
  })
  running.push(standIn)
  return standIn
}

/** Signs `email` in at the stand-in as Inkwell does; answers the tokens Google issued. */
async function tokensFor(standIn: GoogleStandIn, email: string) {
  const google = new GoogleOAuth({
    ...STANDIN_OAUTH_CLIENT,
    redirectUri: REDIRECT_URI,
    endpoints: standInEndpoints(standIn.url),
  })
  const pkce = await google.createPkce()
  const back = await chooseAccount(
    google.authorizationUrl('state', pkce.challenge, { consent: true }),
    email,
  )
  return google.exchangeCode(back.searchParams.get('code')!, pkce.verifier)
}

function get(standIn: GoogleStandIn, path: string, token: string) {
  return fetch(`${standIn.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
}

describe('the Google stand-in', () => {
  it('refuses an access token it never issued with 401, as Google does', async () => {
    const standIn = await start()
    await tokensFor(standIn, ADA.email)
    // emulate alone answers these as its first user (Ada), or as its built-in admin token.
    for (const token of ['google_made-up', 'test_token_admin']) {
      const gmail = await get(standIn, '/gmail/v1/users/me/threads', token)
      expect(gmail.status, token).toBe(401)
      expect((await gmail.json()).error.status).toBe('UNAUTHENTICATED')
      expect((await get(standIn, '/oauth2/v2/userinfo', token)).status, token).toBe(401)
    }
  })

  it('answers each token as its own account, and a revoked one no longer', async () => {
    const standIn = await start()
    const ada = await tokensFor(standIn, ADA.email)
    const grace = await tokensFor(standIn, GRACE.email)
    const me = async (token: string) => (await get(standIn, '/oauth2/v2/userinfo', token)).json()
    expect((await me(ada.accessToken)).email).toBe(ADA.email)
    expect((await me(grace.accessToken)).email).toBe(GRACE.email)

    await fetch(`${standIn.url}/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: grace.accessToken }),
    })
    expect((await get(standIn, '/oauth2/v2/userinfo', grace.accessToken)).status).toBe(401)
    expect((await get(standIn, '/gmail/v1/users/me/labels', grace.accessToken)).status).toBe(401)
    expect((await get(standIn, '/gmail/v1/users/me/labels', ada.accessToken)).status).toBe(200)
  })

  it("keeps every account's Google id across restarts, and forgets the tokens it issued", async () => {
    const first = await start()
    const before = await tokensFor(first, ADA.email)
    const subBefore = (await (await get(first, '/oauth2/v2/userinfo', before.accessToken)).json())
      .sub
    await first.close()

    const second = await start()
    expect((await get(second, '/oauth2/v2/userinfo', before.accessToken)).status).toBe(401)
    const after = await tokensFor(second, ADA.email)
    const profile = await (await get(second, '/oauth2/v2/userinfo', after.accessToken)).json()
    expect(profile).toMatchObject({ email: ADA.email, sub: subBefore })
    expect(subBefore).toBe(stableGoogleId(ADA.email))
  })

  it('with a memory, answers a refresh token of its last run for the same account, unless revoked', async () => {
    const memoryDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-google-'))
    onTestFinished(() => rm(memoryDir, { recursive: true, force: true }))
    const first = await start(memoryDir)
    const ada = await tokensFor(first, ADA.email)
    const grace = await tokensFor(first, GRACE.email)
    await fetch(`${first.url}/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: grace.refreshToken! }),
    })
    await first.close()

    const second = await start(memoryDir)
    const refresh = (refreshToken: string) =>
      fetch(`${second.url}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: STANDIN_OAUTH_CLIENT.clientId,
          client_secret: STANDIN_OAUTH_CLIENT.clientSecret,
        }),
      })
    expect((await get(second, '/oauth2/v2/userinfo', ada.accessToken)).status).toBe(401)
    const renewed = await refresh(ada.refreshToken!)
    expect(renewed.status).toBe(200)
    const { access_token: accessToken } = await renewed.json()
    expect((await (await get(second, '/oauth2/v2/userinfo', accessToken)).json()).email).toBe(
      ADA.email,
    )
    expect((await get(second, '/gmail/v1/users/me/labels', accessToken)).status).toBe(200)
    // Revoked before the restart: Google's answer to a dead grant, whatever the memory holds.
    const revoked = await refresh(grace.refreshToken!)
    expect(revoked.status).toBe(400)
    expect((await revoked.json()).error).toBe('invalid_grant')
    // A refresh token it never issued is not anybody's.
    expect((await refresh('google_refresh_made-up')).status).toBe(400)
  })

  it('answers history from before it started with 404, as Gmail does for history it lost', async () => {
    const standIn = await start()
    const { accessToken } = await tokensFor(standIn, ADA.email)
    const listing = await (await get(standIn, '/gmail/v1/users/me/threads', accessToken)).json()
    const current = BigInt(listing.threads[0].historyId)
    const history = (id: bigint) =>
      get(standIn, `/gmail/v1/users/me/history?startHistoryId=${id}`, accessToken)
    expect((await history(current)).status).toBe(200)
    const anHourBefore = current - 3_600_000n * 10n ** 8n
    expect((await history(anHourBefore)).status).toBe(404)
  })
})

describe('stableGoogleId', () => {
  it('is Google-shaped, one per address, whatever its case', () => {
    expect(stableGoogleId('Ada@Example.com')).toBe(stableGoogleId('ada@example.com'))
    expect(stableGoogleId('ada@example.com')).not.toBe(stableGoogleId('grace@example.com'))
    expect(stableGoogleId('ada@example.com')).toMatch(/^\d{21}$/)
  })
})
