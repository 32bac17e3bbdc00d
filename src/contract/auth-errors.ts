// No zod here: the web app's first screen imports this, and zod stays out of its bundle.

/** The `error` values the OAuth callback redirects to `/auth` with; the sign-in screen shows the spec's message for each. */
export const AUTH_ERROR_MESSAGES = {
  oauth_config: 'Google OAuth is not properly configured',
  token_exchange: 'Failed to exchange authorization code for tokens',
  no_email: 'No email address received from Google',
  user_creation: 'Failed to create or retrieve user account',
  session_save: 'Failed to save login session',
  oauth_failed: 'Google authentication failed',
} as const
export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES

export function authErrorMessage(value: string): string {
  return Object.hasOwn(AUTH_ERROR_MESSAGES, value)
    ? AUTH_ERROR_MESSAGES[value as AuthErrorCode]
    : 'Authentication failed'
}

/** Short-lived, script-readable cookie that tells /oauth-success a sign-in just happened. */
export const OAUTH_SUCCESS_COOKIE = 'oauth_success'
