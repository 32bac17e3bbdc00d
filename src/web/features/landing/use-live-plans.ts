import { useEffect, useState } from 'react'
import type { Plans } from '../../../contract/billing'
import { fetchPlans } from './plans'

/**
 * The plans the page was built with (null in the app's own bundle), replaced by the server's
 * current answer once it comes: prices may be configured differently than at build time.
 */
export function useLivePlans(initial: Plans | null): Plans | null {
  const [plans, setPlans] = useState(initial)
  useEffect(() => {
    const controller = new AbortController()
    fetchPlans(controller.signal)
      .then((live) => live && setPlans(live))
      .catch(() => {
        // Offline or aborted: the built-in prices stay.
      })
    return () => controller.abort()
  }, [])
  return plans
}
