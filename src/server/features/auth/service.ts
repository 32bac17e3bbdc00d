import type { FastifyBaseLogger } from 'fastify'
import type { AuthErrorCode } from '../../../contract/auth.js'
import type { SecretBox } from '../../lib/crypto.js'
import { randomToken, sha256 } from '../../lib/crypto.js'
import type { UserRow } from '../../db/schema.js'
import type { AuthRepository } from './repository.js'
import { GMAIL_SCOPE, type GoogleOAuth, type GoogleTokens } from './google.js'

/** A sign-in failure that carries the `error` value the callback redirects with. */
export class SignInError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    cause?: unknown,
  ) {
    super(code, { cause })
  }
}

export type AuthServiceDeps = {
  repo: AuthRepository
  google: GoogleOAuth | null
  secrets: SecretBox
  adminEmails: string[]
  sessionTtlDays: number
  log: FastifyBaseLogger
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, secrets, log } = deps

  function tokenColumns(tokens: GoogleTokens, previous: UserRow | null) {
    const gmailConnected = tokens.scopes.includes(GMAIL_SCOPE)
    // Google only sends a refresh token on consent; keep the one we have otherwise.
    const refresh = tokens.refreshToken
      ? secrets.seal(tokens.refreshToken)
      : (previous?.gmailRefreshToken ?? null)
    return {
      gmailAccessToken: secrets.seal(tokens.accessToken),
      gmailRefreshToken: refresh,
      gmailTokenExpiresAt: tokens.expiresAt,
      gmailConnected,
    }
  }

  return {
    isAdmin(user: Pick<UserRow, 'email'>): boolean {
      return deps.adminEmails.includes(user.email.toLowerCase())
    },

    /** Exchanges the code and finds or creates the user (by googleId, then e-mail). */
    async completeGoogleSignIn(code: string, codeVerifier: string): Promise<UserRow> {
      const google = deps.google
      if (!google) throw new SignInError('oauth_config')
      let tokens: GoogleTokens
      try {
        tokens = await google.exchangeCode(code, codeVerifier)
      } catch (error) {
        throw new SignInError('token_exchange', error)
      }
      let profile
      try {
        profile = await google.fetchProfile(tokens.accessToken)
      } catch (error) {
        throw new SignInError('oauth_failed', error)
      }
      // An unverified address could belong to someone else: never link accounts on it.
      if (!profile.email || !profile.emailVerified) throw new SignInError('no_email')
      const email = profile.email
      try {
        const byGoogleId = await repo.findByGoogleId(profile.googleId)
        const existing = byGoogleId ?? (await repo.findByEmail(email))
        if (existing?.googleId && existing.googleId !== profile.googleId) {
          throw new Error('the e-mail belongs to another Google account')
        }
        const identity = {
          googleId: profile.googleId,
          email,
          name: profile.name ?? existing?.name ?? email.split('@')[0] ?? email,
          avatar: profile.picture,
        }
        if (existing) return await repo.updateUser(existing.id, { ...identity, ...tokenColumns(tokens, existing) })
        return await repo.insertUser({ ...identity, ...tokenColumns(tokens, null) })
      } catch (error) {
        throw new SignInError('user_creation', error)
      }
    },

    /** Starts a server-side session; returns the cookie token (only its hash is stored). */
    async startSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken()
      const expiresAt = new Date(Date.now() + deps.sessionTtlDays * 24 * 3600 * 1000)
      try {
        await repo.insertSession(sha256(token), userId, expiresAt)
      } catch (error) {
        throw new SignInError('session_save', error)
      }
      return { token, expiresAt }
    },

    async userForSessionToken(token: string): Promise<UserRow | null> {
      return repo.findSessionUser(sha256(token), new Date())
    },

    async endSession(token: string): Promise<void> {
      await repo.deleteSession(sha256(token))
    },

    /** Revokes the Google grant and forgets the tokens; the account itself stays. */
    async disconnectGmail(user: UserRow): Promise<UserRow> {
      const token = user.gmailRefreshToken ?? user.gmailAccessToken
      if (token && deps.google) {
        try {
          await deps.google.revoke(secrets.open(token))
        } catch (error) {
          // The grant may already be gone at Google; forgetting it here is what matters.
          log.warn({ err: error }, 'revoking the Google grant failed')
        }
      }
      return repo.updateUser(user.id, {
        gmailAccessToken: null,
        gmailRefreshToken: null,
        gmailTokenExpiresAt: null,
        gmailConnected: false,
      })
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
