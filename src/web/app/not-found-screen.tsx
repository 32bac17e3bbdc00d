import type { MouseEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation } from 'wouter'
import { PAGE_META } from '../../contract/site'
import { Button } from '../components/ui/button'
import { currentUserQuery, useCurrentUser } from '../lib/queries/current-user'
import { usePageMeta } from '../lib/use-page-meta'

export function NotFoundScreen() {
  usePageMeta(PAGE_META.notFound)
  // Home is the inbox for someone signed in, the landing page for everyone else.
  const { data: user } = useCurrentUser()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  // A click before the sign-in check has answered waits for it, rather than sending a signed-in
  // user to the landing page.
  const goHome = async (event: MouseEvent) => {
    event.preventDefault()
    const signedIn = await queryClient.fetchQuery(currentUserQuery).catch(() => null)
    navigate(signedIn ? '/inbox' : '/')
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="max-w-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link href={user ? '/inbox' : '/'} onClick={(event) => void goHome(event)}>
          Back to home
        </Link>
      </Button>
    </main>
  )
}
