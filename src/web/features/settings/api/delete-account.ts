import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { DELETE_ACCOUNT_CONFIRMATION, type DeleteAccountInput } from '../../../../contract/account'
import { apiRequest } from '../../../lib/api-client'
import { toast } from '../../../components/ui/use-toast'

export async function deleteAccount(): Promise<void> {
  const body: DeleteAccountInput = { confirm: DELETE_ACCOUNT_CONFIRMATION }
  await apiRequest('DELETE', '/api/user', body)
}

/**
 * Deletes the account and everything in it, forgets every cached answer and goes to /login,
 * saying there that it happened (the toast is here: the dialog unmounts on the way).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear()
      navigate('/login', { replace: true })
      toast({
        title: 'Your account has been deleted.',
        description: 'Everything Inkwell kept for you is gone, and its access to Gmail revoked.',
      })
    },
  })
}
