import { createSign, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { createGmailPush, type GmailPushConfig } from './push.js'

/**
 * A push subscription with OIDC: each push carries a JWT that Google signed for our audience,
 * as our service account. Here the test is Google: it signs with its own key, which the push
 * receiver is given as Google's current certificates.
 */
const AUDIENCE = 'https://inkwell.example/api/gmail/push'
const ACCOUNT = 'pubsub-push@inkwell.iam.gserviceaccount.com'
const KEY_ID = 'test-key-1'

const google = generateKeyPairSync('rsa', { modulusLength: 2048 })
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = (key: typeof google.publicKey) => key.export({ type: 'spki', format: 'pem' }).toString()

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function jwt(claims: Record<string, unknown>, signer = google.privateKey, kid = KEY_ID): string {
  const now = Math.floor(Date.now() / 1000)
  const body = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64({
    iss: 'https://accounts.google.com',
    aud: AUDIENCE,
    email: ACCOUNT,
    email_verified: true,
    iat: now - 10,
    exp: now + 3600,
    sub: '1234567890',
    ...claims,
  })}`
  const signature = createSign('RSA-SHA256').update(body).sign(signer).toString('base64url')
  return `${body}.${signature}`
}

function receiver(config: Partial<GmailPushConfig> = {}) {
  const unused = () => {
    throw new Error('not called by verify')
  }
  return createGmailPush({
    config: {
      topic: 'projects/inkwell/topics/gmail',
      audience: AUDIENCE,
      serviceAccount: ACCOUNT,
      ...config,
    },
    gmail: { forUserId: unused, forUser: unused } as never,
    repo: {} as never,
    scheduler: {} as never,
    findUserIdByEmail: unused,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
    oidcCerts: async () => ({ [KEY_ID]: pem(google.publicKey) }),
  })
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('Gmail push with OIDC', () => {
  it("accepts a token Google signed for Inkwell's audience, as the configured account", async () => {
    await expect(receiver().verify(bearer(jwt({})))).resolves.toBeUndefined()
  })

  it('refuses a push without a token, or with one signed by anyone but Google', async () => {
    await expect(receiver().verify({})).rejects.toMatchObject({ statusCode: 401 })
    await expect(receiver().verify(bearer(jwt({}, stranger.privateKey)))).rejects.toMatchObject({
      statusCode: 401,
    })
    // A key id Google does not publish.
    await expect(
      receiver().verify(bearer(jwt({}, google.privateKey, 'other'))),
    ).rejects.toMatchObject({ statusCode: 401 })
    const [head, , signature] = jwt({}).split('.')
    const forged = `${head}.${b64({ aud: AUDIENCE, email: ACCOUNT, email_verified: true })}.${signature}`
    await expect(receiver().verify(bearer(forged))).rejects.toMatchObject({ statusCode: 401 })
  })

  it('refuses a token for another audience, from another issuer, or expired', async () => {
    for (const claims of [
      { aud: 'https://someone-else.example/push' },
      { iss: 'https://evil.example' },
      { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
    ]) {
      await expect(receiver().verify(bearer(jwt(claims)))).rejects.toMatchObject({
        statusCode: 401,
      })
    }
  })

  it('refuses a token of another account, or one whose e-mail Google did not verify', async () => {
    await expect(
      receiver().verify(bearer(jwt({ email: 'attacker@evil.iam.gserviceaccount.com' }))),
    ).rejects.toMatchObject({
      statusCode: 401,
      message: 'This push was not sent by the configured account',
    })
    await expect(receiver().verify(bearer(jwt({ email_verified: false })))).rejects.toMatchObject({
      statusCode: 401,
    })
    // Without a configured account, any Google-signed token for the audience will do.
    await expect(
      receiver({ serviceAccount: undefined }).verify(
        bearer(jwt({ email: 'other@x.iam.gserviceaccount.com' })),
      ),
    ).resolves.toBeUndefined()
  })

  it('with both a URL token and OIDC configured, a push needs both', async () => {
    const both = receiver({ token: 'push-secret-0123456789abcdef' })
    await expect(both.verify(bearer(jwt({})))).rejects.toMatchObject({ statusCode: 401 })
    await expect(
      both.verify({ ...bearer(jwt({})), token: 'push-secret-0123456789abcdef' }),
    ).resolves.toBeUndefined()
  })
})
