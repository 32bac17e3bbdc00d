import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value
}

/** Picks `email` on the stand-in's account chooser, as a person would; returns its redirect. */
export async function chooseAccount(authorizationUrl: string, email: string): Promise<URL> {
  const auth = new URL(authorizationUrl)
  const page = await fetch(auth)
  const html = await page.text()
  if (!html.includes(email)) throw new Error(`${email} is not offered on the account chooser`)
  const form = new URLSearchParams({ email })
  for (const key of [
    'redirect_uri',
    'scope',
    'state',
    'nonce',
    'client_id',
    'code_challenge',
    'code_challenge_method',
  ]) {
    form.set(key, auth.searchParams.get(key) ?? '')
  }
  const response = await fetch(new URL('/o/oauth2/v2/auth/callback', auth), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  })
  const location = response.headers.get('location')
  if (response.status !== 302 || !location) throw new Error(`chooser answered ${response.status}`)
  return new URL(location)
}

/** Runs the whole Google sign-in; returns the callback response and the session cookie. */
export async function signIn(harness: { app: FastifyInstance }, email: string) {
  const login = await harness.app.inject({ method: 'GET', url: '/api/auth/google/login' })
  const flowCookie = cookieFrom(login, 'inkwell_oauth')
  const back = await chooseAccount(String(login.headers.location), email)
  const callback = await harness.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: flowCookie ? { inkwell_oauth: flowCookie } : {},
  })
  return { callback, session: cookieFrom(callback, 'inkwell_session') }
}
