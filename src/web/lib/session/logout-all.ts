import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { apiRequest } from '../api-client'
import { toast } from '../../components/ui/use-toast'

export async function logoutAll(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout-all')
}

/**
 * Ends every session of the user on the server, this browser's included; then forgets every
 * cached answer and goes to /login, as a logout does, saying so there. (The toast is here, not
 * in the caller: the caller unmounts on the way to /login, and its callbacks with it.)
 */
export function useLogoutAll() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      queryClient.clear()
      navigate('/login')
      toast({
        title: 'Signed out of all devices',
        description: 'Every Inkwell session of your account has ended, this one too.',
      })
    },
  })
}
