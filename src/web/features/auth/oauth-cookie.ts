import { OAUTH_SUCCESS_COOKIE } from '../../../contract/auth-errors'

export function hasOAuthSuccessCookie(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${OAUTH_SUCCESS_COOKIE}=`))
}

export function clearOAuthSuccessCookie(): void {
  document.cookie = `${OAUTH_SUCCESS_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`
}
