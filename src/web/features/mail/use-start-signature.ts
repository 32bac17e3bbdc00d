import { useSignature } from './api/get-signature'
import { useUserSettings } from '../../lib/queries/settings'

/**
 * The signature new mail, replies and forwards start with: the default send-as address's,
 * when the setting is on and there is one; '' otherwise. The app shell fetches it ahead, so
 * it is here when an editor starts.
 */
export function useStartSignature(): string {
  const { useGmailSignature } = useUserSettings()
  const { data } = useSignature({ enabled: useGmailSignature })
  const text = data?.text.trim() ?? ''
  return useGmailSignature && text ? text : ''
}
