import { lazy, Suspense, useEffect, useState } from 'react'
import type { Plans } from '../../contract/billing'
import type { SitePage } from './pages'

// The toast viewport is only needed once something is said (the early-access form): it loads
// after hydration, off the first paint's path.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })))

/** One public page as prerendered and hydrated: the same tree on the server and the client. */
export function SiteApp({ page, plans }: { page: SitePage; plans: Plans | null }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    setHydrated(true)
    // Says the page's controls now answer (a click before hydration reaches no handler).
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <>
      {page.render(plans)}
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  )
}
