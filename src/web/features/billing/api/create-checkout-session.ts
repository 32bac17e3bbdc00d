import { useMutation } from '@tanstack/react-query'
import type { CheckoutSession, CheckoutSessionInput, ProPrice } from '../../../../contract/billing'
import { apiJson } from '../../../lib/api-client'

export function createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
  return apiJson<CheckoutSession>('POST', '/api/create-checkout-session', input)
}

/**
 * Starts checkout for a configured price and sends the browser to the payment provider's
 * hosted page. The button stays busy until the page is gone; callers show the error toast.
 */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (price: ProPrice) =>
      createCheckoutSession({ priceId: price.priceId, planType: price.interval }),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}
