import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { apiRequest } from '../../../lib/api-client'

export async function logoutAll(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout-all')
}

/**
 * Ends every session of the user on the server, this browser's included; then forgets every
 * cached answer and goes to /login, as a logout does. The caller says what happened.
 */
export function useLogoutAll() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      queryClient.clear()
      navigate('/login')
    },
  })
}
