import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { Brand } from '../../../components/brand'
import { Spinner } from '../../../components/ui/spinner'
import { retryDelay } from '../../../lib/query-client'
import { currentUserKey, getCurrentUser } from '../../../lib/queries/current-user'
import { clearOAuthSuccessCookie, hasOAuthSuccessCookie } from '../oauth-cookie'
import { takeReturnTo } from '../return-to'

const MAX_RETRIES = 5

/**
 * Completes Google sign-in, with the spec's timings: polls the current user; on success clears the
 * oauth cookie, refreshes data and goes to /app (or the page asked for before sign-in) after 0.5 s. Without the cookie it gives up
 * after 3 s; with it, it retries up to 5 times with backoff capped at 30 s.
 */
export function OAuthSuccessScreen() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const later = (ms: number, fn: () => void) => {
      timer = setTimeout(() => !cancelled && fn(), ms)
    }
    const fail = () => navigate('/auth?error=oauth_failed', { replace: true })

    const poll = async (attempt: number) => {
      const user = await getCurrentUser().catch(() => null)
      if (cancelled) return
      if (user) {
        clearOAuthSuccessCookie()
        queryClient.setQueryData(currentUserKey, user)
        await queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== currentUserKey[0],
        })
        // Back to the page that was asked for before signing in, else the inbox.
        const next = takeReturnTo() ?? '/app'
        later(500, () => navigate(next, { replace: true }))
      } else if (!hasOAuthSuccessCookie()) {
        later(3000, fail)
      } else if (attempt < MAX_RETRIES) {
        later(retryDelay(attempt), () => void poll(attempt + 1))
      } else {
        fail()
      }
    }
    void poll(0)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [navigate, queryClient])

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Brand />
      <div className="flex items-center gap-3">
        <Spinner size="lg" label="Signing you in" />
        <h1 className="text-xl font-semibold">Completing Sign In</h1>
      </div>
      <p className="text-sm text-muted-foreground">Connecting your Google account…</p>
    </main>
  )
}
