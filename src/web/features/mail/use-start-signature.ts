import { useEffect, useState } from 'react'
import { useSignature } from './api/get-signature'
import { useUserSettings } from '../../lib/queries/settings'

/**
 * How long an editor waits for the signature before it starts without one: the app shell
 * fetches it ahead, so this is only a Compose opened by its URL before the answer came.
 */
const SIGNATURE_WAIT_MS = 2_000

/**
 * The signature new mail, replies and forwards start with: the default send-as address's,
 * when the setting is on and there is one; '' otherwise. The app shell fetches it ahead, so
 * it is here when an editor starts.
 */
export function useStartSignature(): string {
  return useStartSignatureWhenKnown() ?? ''
}

/**
 * As useStartSignature, but null while the signature is still on its way (for at most
 * SIGNATURE_WAIT_MS): an editor reads its start once, so one started before the answer would
 * never show the signature.
 */
export function useStartSignatureWhenKnown(): string | null {
  const { useGmailSignature } = useUserSettings()
  const { data, isPending } = useSignature({ enabled: useGmailSignature })
  const [gaveUp, setGaveUp] = useState(false)
  const waiting = useGmailSignature && isPending && !gaveUp
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setGaveUp(true), SIGNATURE_WAIT_MS)
    return () => clearTimeout(timer)
  }, [waiting])
  if (waiting) return null
  const text = data?.text.trim() ?? ''
  return useGmailSignature && text ? text : ''
}
