import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Signature } from '../../../../contract/labels'
import { apiGet } from '../../../lib/api-client'

export const signatureKey = ['/api/gmail/signature'] as const

/** Null while Gmail is not connected. */
export function getSignature(): Promise<Signature | null> {
  return apiGet<Signature>('/api/gmail/signature', { on401: 'returnNull' })
}

export const signatureQuery = queryOptions({
  queryKey: signatureKey,
  queryFn: getSignature,
  // A signature changed in Gmail is fetched again by the server; a few minutes is fresh enough.
  staleTime: 5 * 60_000,
})

/** GET /api/gmail/signature: the default send-as address's, for new mail, replies and forwards. */
export function useSignature(options: { enabled?: boolean } = {}) {
  return useQuery({ ...signatureQuery, enabled: options.enabled ?? true })
}
