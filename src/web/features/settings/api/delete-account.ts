import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { DELETE_ACCOUNT_CONFIRMATION, type DeleteAccountInput } from '../../../../contract/account'
import { apiRequest } from '../../../lib/api-client'

export async function deleteAccount(): Promise<void> {
  const body: DeleteAccountInput = { confirm: DELETE_ACCOUNT_CONFIRMATION }
  await apiRequest('DELETE', '/api/user', body)
}

/** Deletes the account and everything in it, forgets every cached answer and goes to /login. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear()
      navigate('/login', { replace: true })
    },
  })
}
