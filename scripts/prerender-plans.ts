import type { Plans } from '../src/contract/billing.js'
import { FREE_AI_EMAILS_PER_MONTH } from '../src/contract/options.js'

/**
 * The plans the prerendered landing shows crawlers and first paints; the page then asks
 * `GET /api/plans` for the live ones (decision 017).
 *
 * They should come from the billing feature's plans source (D16), read with the build's
 * configuration. That source is not on this branch yet, so these are D16's defaults; when it
 * lands, this function calls it and the constants below go.
 */
export async function prerenderPlans(): Promise<Plans> {
  return {
    free: { aiEmailsPerMonth: FREE_AI_EMAILS_PER_MONTH },
    pro: {
      monthly: { interval: 'monthly', priceId: '', amountMinor: 900, currency: 'usd' },
      yearly: { interval: 'yearly', priceId: '', amountMinor: 9000, currency: 'usd' },
    },
  }
}
