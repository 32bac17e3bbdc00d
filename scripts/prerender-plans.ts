import { withPlanFeatures, type Plans } from '../src/contract/billing.js'
import { loadConfig, loadDotEnv } from '../src/server/config.js'

/**
 * The plans the prerendered landing shows crawlers and first paints: the one plans source
 * (decision 014, the server's configuration, with the features of decision 051) as the build's
 * environment sets it. The page then asks `GET /api/plans` for the running server's (decision 017).
 */
export function prerenderPlans(): Plans {
  loadDotEnv()
  try {
    // Prices are not secrets: read them as a demo would, whatever else the build lacks.
    return withPlanFeatures(loadConfig({ INKWELL_MODE: 'demo', ...process.env }).plans)
  } catch (error) {
    // A build machine need not hold the server's secrets (real Stripe needs all of its
    // settings at once): the defaults stand until the live prices replace them.
    console.warn(`[inkwell] Prerendering with the default prices: ${String(error)}`)
    return withPlanFeatures(loadConfig({ INKWELL_MODE: 'demo' }).plans)
  }
}
