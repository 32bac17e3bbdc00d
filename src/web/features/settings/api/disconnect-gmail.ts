import { useMutation } from '@tanstack/react-query'
import { apiJson } from '../../../lib/api-client'

export function disconnectGmail(): Promise<{ gmailConnected: boolean }> {
  return apiJson<{ gmailConnected: boolean }>('POST', '/api/auth/gmail/disconnect')
}

/** Revokes Inkwell's Gmail access. The screen reloads afterwards, so every query starts over. */
export function useDisconnectGmail() {
  return useMutation({ mutationFn: disconnectGmail })
}
