import Stripe from 'stripe'

/**
 * The official Stripe client: real Stripe, or the local stand-in at `standInUrl` (demo mode
 * and tests), which it reaches over plain http with the same calls.
 */
export function createStripeClient(secretKey: string, standInUrl?: string): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 15_000 }
  if (!standInUrl) return new Stripe(secretKey, options)
  const url = new URL(standInUrl)
  return new Stripe(secretKey, {
    ...options,
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  })
}
