import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createQueryClient } from '../../../lib/query-client'
import { OAuthSuccessScreen } from './oauth-success-screen'

const USER = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  gmailConnected: true,
  isAdmin: false,
}

/** Answers /api/auth/user with 401 until `signedInAfter` calls have been made. */
function serveCurrentUser(signedInAfter: number) {
  let calls = 0
  const fetchMock = vi.fn(async () => {
    calls++
    return calls > signedInAfter
      ? new Response(JSON.stringify(USER), { status: 200 })
      : new Response('Unauthorized', { status: 401 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderScreen() {
  const location = memoryLocation({ path: '/oauth-success', record: true })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <OAuthSuccessScreen />
      </Router>
    </QueryClientProvider>,
  )
  return location
}

/** Lets pending promises settle, then moves the clock on. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  document.cookie = 'oauth_success=; Max-Age=0; path=/'
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('completing Google sign-in', () => {
  it('goes to /app half a second after the user is found, and clears the oauth cookie', async () => {
    document.cookie = 'oauth_success=true; path=/'
    serveCurrentUser(0)
    const location = renderScreen()
    await advance(400)
    expect(location.history.at(-1)).toBe('/oauth-success')
    await advance(200)
    expect(location.history.at(-1)).toBe('/app')
    expect(document.cookie).not.toContain('oauth_success=true')
  })

  it('without the oauth cookie and without a user, fails to /auth?error=oauth_failed after 3 s', async () => {
    serveCurrentUser(Infinity)
    const location = renderScreen()
    await advance(2900)
    expect(location.history.at(-1)).toBe('/oauth-success')
    await advance(200)
    expect(location.history.at(-1)).toBe('/auth?error=oauth_failed')
  })

  it('with the cookie, retries with backoff until the session shows up', async () => {
    document.cookie = 'oauth_success=true; path=/'
    const fetchMock = serveCurrentUser(3)
    const location = renderScreen()
    // 1 s, 2 s, 4 s between tries: the fourth call finds the user.
    await advance(1000 + 2000 + 4000 + 600)
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(location.history.at(-1)).toBe('/app')
  })

  it('with the cookie, gives up after 5 retries', async () => {
    document.cookie = 'oauth_success=true; path=/'
    const fetchMock = serveCurrentUser(Infinity)
    const location = renderScreen()
    await advance(1000 + 2000 + 4000 + 8000 + 16_000 + 100)
    expect(fetchMock).toHaveBeenCalledTimes(6)
    expect(location.history.at(-1)).toBe('/auth?error=oauth_failed')
  })
})
