import { z } from 'zod'

export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  gmailConnected: z.boolean(),
  isAdmin: z.boolean(),
})
export type CurrentUser = z.infer<typeof CurrentUserSchema>

/** The `error` values the OAuth callback redirects to `/auth` with (spec section 8). */
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

export const GoogleLoginQuerySchema = z.object({
  intent: z.enum(['signin', 'connect']).default('signin'),
})

export const GoogleCallbackQuerySchema = z.object({
  code: z.string().min(1).optional(),
  state: z.string().min(1).optional(),
  error: z.string().optional(),
})

/** What the client needs to know about this server (decision D2's "Demo" badge). */
export const MetaSchema = z.object({
  /** True when Google is the local stand-in: the UI says so. */
  demo: z.boolean(),
})
export type Meta = z.infer<typeof MetaSchema>
