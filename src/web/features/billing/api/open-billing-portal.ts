import { useMutation } from '@tanstack/react-query'
import type { BillingPortalSession } from '../../../../contract/billing'
import { apiJson } from '../../../lib/api-client'

export function createBillingPortalSession(): Promise<BillingPortalSession> {
  return apiJson<BillingPortalSession>('POST', '/api/billing-portal-session')
}

/** Opens the payment provider's billing portal (the stand-in's page in demo mode). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createBillingPortalSession,
    onSuccess: ({ url }) => window.location.assign(url),
  })
}
