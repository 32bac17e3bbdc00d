const KEY = 'inkwell.returnTo'

/** Pages that never make sense to come back to after signing in. */
const NOT_AFTER_SIGN_IN = ['/login', '/auth', '/oauth-success']

/**
 * `value` as a path of this site to go to after sign-in, or null: only a same-origin path
 * ("/contacts?x=1"), never another site ("//evil.example", "https://…", "/\\evil.example").
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null
  }
  let url: URL
  try {
    url = new URL(value, window.location.origin)
  } catch {
    return null
  }
  if (url.origin !== window.location.origin) return null
  if (NOT_AFTER_SIGN_IN.includes(url.pathname)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page's address for someone who asked for `path` while signed out. */
export function signInPathFor(path: string): string {
  const next = safeReturnPath(path)
  return next && next !== '/app' ? `/auth?${new URLSearchParams({ next })}` : '/auth'
}

/** Kept for the trip through Google: the page the sign-in screen was asked to return to. */
export function rememberReturnTo(next: string | null): void {
  try {
    const path = safeReturnPath(next)
    if (path) sessionStorage.setItem(KEY, path)
    else sessionStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode): sign-in lands on the inbox as before.
  }
}

/** Where to go once signed in: the remembered page (once), or null for the inbox. */
export function takeReturnTo(): string | null {
  try {
    const path = safeReturnPath(sessionStorage.getItem(KEY))
    sessionStorage.removeItem(KEY)
    return path
  } catch {
    return null
  }
}
