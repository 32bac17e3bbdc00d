import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { Spinner } from '../../../components/ui/spinner'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { signInPathFor } from '../return-to'

export function FullPageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground">
      <Spinner size="lg" label="Loading..." />
      <span aria-hidden="true">Loading...</span>
    </div>
  )
}

/**
 * Renders its children for a signed-in user; otherwise redirects once to /auth, which brings
 * them back to this page once signed in.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isLoading, isError } = useCurrentUser()
  const [, navigate] = useLocation()
  const redirected = useRef(false)
  const signedOut = !isLoading && (isError || !user)

  useEffect(() => {
    if (signedOut && !redirected.current) {
      redirected.current = true
      const { pathname, search, hash } = window.location
      navigate(signInPathFor(`${pathname}${search}${hash}`), { replace: true })
    }
  }, [signedOut, navigate])

  if (isLoading || signedOut) return <FullPageLoading />
  return <>{children}</>
}
