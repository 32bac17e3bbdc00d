import { Link } from 'wouter'
import { PAGE_META } from '../../contract/site'
import { Button } from '../components/ui/button'
import { useCurrentUser } from '../lib/queries/current-user'
import { usePageMeta } from '../lib/use-page-meta'

export function NotFoundScreen() {
  usePageMeta(PAGE_META.notFound)
  // Home is the inbox for someone signed in, the landing page for everyone else.
  const { data: user } = useCurrentUser()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="max-w-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link href={user ? '/inbox' : '/'}>Back to home</Link>
      </Button>
    </main>
  )
}
