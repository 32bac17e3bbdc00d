import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library'

/** The scopes Inkwell asks for: identity plus Gmail read/modify/send (decision 002). */
export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.modify'
export const SIGN_IN_SCOPES = ['openid', 'email', 'profile', GMAIL_SCOPE]

export type GoogleEndpoints = {
  authUrl: string
  tokenUrl: string
  revokeUrl: string
  userInfoUrl: string
  /** Root of the Google REST APIs, for the Gmail client's `rootUrl`. */
  apiRootUrl: string
}

export const REAL_GOOGLE: GoogleEndpoints = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  userInfoUrl: 'https://www.googleapis.com/oauth2/v2/userinfo',
  apiRootUrl: 'https://gmail.googleapis.com/',
}

/** The same endpoints on the local `emulate` stand-in. */
export function standInEndpoints(baseUrl: string): GoogleEndpoints {
  const base = baseUrl.replace(/\/$/, '')
  return {
    authUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/oauth2/token`,
    revokeUrl: `${base}/oauth2/revoke`,
    userInfoUrl: `${base}/oauth2/v2/userinfo`,
    apiRootUrl: `${base}/`,
  }
}

export type GoogleClientSettings = {
  clientId: string
  clientSecret: string
  redirectUri: string
  endpoints: GoogleEndpoints
}

export type GoogleTokens = {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
  scopes: string[]
}

export type GoogleProfile = {
  googleId: string
  email: string | null
  emailVerified: boolean
  name: string | null
  picture: string | null
}

/** google-auth-library's OAuth2Client, pointed at Google or at the stand-in. */
export function createOAuthClient(settings: GoogleClientSettings): OAuth2Client {
  return new OAuth2Client({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUri: settings.redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: settings.endpoints.authUrl,
      oauth2TokenUrl: settings.endpoints.tokenUrl,
      oauth2RevokeUrl: settings.endpoints.revokeUrl,
    },
    // An access token Google refuses before its stored expiry (revoked early, an expiry
    // stored wrong, the demo's stand-in restarted) gets one refresh before the grant is taken
    // for gone: only a refused refresh disconnects Gmail.
    forceRefreshOnFailure: true,
  })
}

/** The OAuth 2.0 code flow with PKCE, and the few Google calls around it. */
export class GoogleOAuth {
  constructor(readonly settings: GoogleClientSettings) {}

  /** A fresh PKCE pair; the verifier stays on the server side (in the sealed flow cookie). */
  async createPkce(): Promise<{ verifier: string; challenge: string }> {
    const { codeVerifier, codeChallenge } = await createOAuthClient(
      this.settings,
    ).generateCodeVerifierAsync()
    if (!codeChallenge) throw new Error('PKCE challenge was not generated')
    return { verifier: codeVerifier, challenge: codeChallenge }
  }

  /**
   * Google's consent screen only when `consent` says so (a refresh token is missing, or Gmail
   * is being connected again): a returning user just picks an account.
   */
  authorizationUrl(
    state: string,
    codeChallenge: string,
    options: { consent: boolean; loginHint?: string },
  ): string {
    return createOAuthClient(this.settings).generateAuthUrl({
      access_type: 'offline',
      ...(options.consent ? { prompt: 'consent' } : {}),
      include_granted_scopes: true,
      scope: SIGN_IN_SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
      login_hint: options.loginHint,
    })
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens> {
    const { tokens } = await createOAuthClient(this.settings).getToken({ code, codeVerifier })
    if (!tokens.access_token) throw new Error('Google answered without an access token')
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
      scopes: (tokens.scope ?? '').split(/\s+/).filter(Boolean),
    }
  }

  async fetchProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.settings.endpoints.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`)
    const body = (await response.json()) as Record<string, unknown>
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null)
    const googleId = str(body.id) ?? str(body.sub)
    if (!googleId) throw new Error('userinfo has no subject')
    return {
      googleId,
      email: str(body.email)?.toLowerCase() ?? null,
      // v2 says verified_email, OIDC says email_verified.
      emailVerified: body.verified_email === true || body.email_verified === true,
      name: str(body.name),
      picture: str(body.picture),
    }
  }

  /** Revokes a grant at Google. The token goes in the form body, as Google documents. */
  async revoke(token: string): Promise<void> {
    const response = await fetch(this.settings.endpoints.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    })
    // 400 means the token was already invalid: the grant is gone either way.
    if (!response.ok && response.status !== 400) {
      throw new Error(`revoke answered ${response.status}`)
    }
  }
}
