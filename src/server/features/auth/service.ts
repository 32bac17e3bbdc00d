import type { FastifyBaseLogger } from 'fastify'
import type { AuthErrorCode } from '../../../contract/auth-errors.js'
import type { SecretBox } from '../../lib/crypto.js'
import { randomToken, sha256 } from '../../lib/crypto.js'
import { createRecentSessions } from './recent-sessions.js'
import type { UserRow } from '../../db/schema.js'
import type { AuthRepository } from './repository.js'
import type { OAuth2Client } from 'google-auth-library'
import { GMAIL_SCOPE, createOAuthClient, type GoogleOAuth, type GoogleTokens } from './google.js'

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
  /** A session ends this long after sign-in... */
  sessionTtlDays: number
  /** ...or after this long unused, whichever comes first. */
  sessionIdleDays: number
  log: FastifyBaseLogger
}

const DAY_MS = 24 * 3600 * 1000

/**
 * How stale a session's last-used mark may get before a request renews it: the idle limit is
 * days, so minutes of slack cost nothing, and a busy session writes its row once in a while
 * instead of on every request.
 */
export const SESSION_TOUCH_MS = 5 * 60 * 1000

/** How long a verified session may answer the list's revalidation without a lookup. */
const RECENT_SESSION_MS = 1000

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, secrets, log } = deps
  const recentSessions = createRecentSessions({ ttlMs: RECENT_SESSION_MS })
  /** Session lookups under way, by token hash. */
  const lookups = new Map<string, Promise<UserRow | null>>()

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

  /**
   * Best effort: the grant may already be gone at Google, and forgetting the tokens on our
   * side (the caller's part) is what matters.
   */
  async function revokeGoogleGrant(user: UserRow): Promise<void> {
    const token = user.gmailRefreshToken ?? user.gmailAccessToken
    if (!token || !deps.google) return
    try {
      await deps.google.revoke(secrets.open(token))
    } catch (error) {
      log.warn({ err: error, userId: user.id }, 'revoking the Google grant failed')
    }
  }

  /** Google said the grant is gone (revoked elsewhere): the user must connect again. */
  async function markGmailRevoked(userId: string): Promise<void> {
    await repo.updateUser(userId, {
      gmailAccessToken: null,
      gmailRefreshToken: null,
      gmailTokenExpiresAt: null,
      gmailConnected: false,
    })
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
        if (existing)
          return await repo.updateUser(existing.id, {
            ...identity,
            ...tokenColumns(tokens, existing),
          })
        return await repo.insertUser({ ...identity, ...tokenColumns(tokens, null) })
      } catch (error) {
        throw new SignInError('user_creation', error)
      }
    },

    /** Starts a server-side session; returns the cookie token (only its hash is stored). */
    async startSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken()
      const expiresAt = new Date(Date.now() + deps.sessionTtlDays * DAY_MS)
      try {
        await repo.insertSession(sha256(token), userId, expiresAt)
      } catch (error) {
        throw new SignInError('session_save', error)
      }
      return { token, expiresAt }
    },

    /**
     * The session's user, or null: a session past SESSION_TTL_DAYS or unused for
     * SESSION_IDLE_DAYS is ended by the same query that refuses it, and a live one is marked used
     * (every SESSION_TOUCH_MS at most). Asks made while the same session's lookup is out share it:
     * a page load sends several requests at once with one cookie, and they need one query. (An
     * ask that joins a lookup its session's sign-out then overtakes is answered as the lookup
     * found it, as one that raced the sign-out would be.)
     */
    async userForSessionToken(token: string): Promise<UserRow | null> {
      const hash = sha256(token)
      let lookup = lookups.get(hash)
      if (!lookup) {
        const now = Date.now()
        const at = {
          now: new Date(now),
          idleSince: new Date(now - deps.sessionIdleDays * DAY_MS),
          touchBefore: new Date(now - SESSION_TOUCH_MS),
        }
        lookup = repo.findSessionUser(hash, at).then((user) => {
          if (user) recentSessions.remember(hash, user.id)
          return user
        })
        lookups.set(hash, lookup)
        void lookup.finally(() => lookups.delete(hash)).catch(() => {})
      }
      return lookup
    },

    /**
     * The user of a session this instance verified a moment ago, without a query, or null: for
     * the list's revalidation fast path only (decision 038, `recent-sessions.ts`).
     */
    recentSessionUserId(token: string): string | null {
      return recentSessions.recall(sha256(token))
    },

    /** The user whose connected Gmail is `email` (a Gmail push names the mailbox so). */
    async findGmailUserIdByEmail(email: string): Promise<string | null> {
      const user = await repo.findByEmail(email)
      return user?.gmailConnected ? user.id : null
    },

    /** The user with this id, or null (a background job knows only the id). */
    async findUser(userId: string): Promise<UserRow | null> {
      return repo.findById(userId)
    },

    async endSession(token: string): Promise<void> {
      recentSessions.forget(sha256(token))
      await repo.deleteSession(sha256(token))
    },

    /** Signs the user out everywhere: every session ends, the caller's own included. */
    async endAllSessions(userId: string): Promise<void> {
      recentSessions.forgetUser(userId)
      await repo.deleteUserSessions(userId)
    },

    /**
     * Deletes the sessions that have ended, at their limit or idle (they already refuse to sign
     * anyone in; this only keeps the table small). Answers how many went. Run on a schedule.
     */
    async purgeExpiredSessions(now = new Date()): Promise<number> {
      return repo.deleteEndedSessions(now, new Date(now.getTime() - deps.sessionIdleDays * DAY_MS))
    },

    /** Revokes the user's Google grant at Google (best effort); used by account deletion. */
    revokeGoogleGrant,

    /**
     * An OAuth2 client holding the user's Google grant, for the Gmail API. It refreshes the
     * access token when it expires and stores the new one (sealed) for the next request.
     */
    googleClientFor(user: UserRow): OAuth2Client | null {
      if (!deps.google || !user.gmailConnected || !user.gmailAccessToken) return null
      const sealedRefresh = user.gmailRefreshToken
      let accessToken: string
      let refreshToken: string | undefined
      try {
        accessToken = secrets.open(user.gmailAccessToken)
        refreshToken = sealedRefresh ? secrets.open(sealedRefresh) : undefined
      } catch (error) {
        // Sealed under a key that was retired too early: the grant can't be used, so the
        // user connects Gmail again instead of every mail call failing.
        log.warn({ userId: user.id, err: error }, 'stored Google tokens cannot be opened')
        markGmailRevoked(user.id).catch(() => {})
        return null
      }
      if (secrets.needsReseal(user.gmailAccessToken)) {
        // A rotated key: turn the stored tokens over to the current one.
        repo
          .updateUser(user.id, {
            gmailAccessToken: secrets.seal(accessToken),
            ...(refreshToken ? { gmailRefreshToken: secrets.seal(refreshToken) } : {}),
          })
          .catch((error: unknown) => log.warn({ err: error }, 'resealing a token failed'))
      }
      const client = createOAuthClient(deps.google.settings)
      client.setCredentials({
        access_token: accessToken,
        refresh_token: refreshToken,
        expiry_date: user.gmailTokenExpiresAt?.getTime(),
      })
      client.on('tokens', (tokens) => {
        if (!tokens.access_token) return
        repo
          .updateUser(user.id, {
            gmailAccessToken: secrets.seal(tokens.access_token),
            gmailTokenExpiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
            ...(tokens.refresh_token
              ? { gmailRefreshToken: secrets.seal(tokens.refresh_token) }
              : {}),
          })
          .catch((error: unknown) => log.warn({ err: error }, 'storing a refreshed token failed'))
      })
      return client
    },

    markGmailRevoked,

    /** Revokes the Google grant and forgets the tokens; the account itself stays. */
    async disconnectGmail(user: UserRow): Promise<UserRow> {
      await revokeGoogleGrant(user)
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
