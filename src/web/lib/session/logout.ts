import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { apiRequest } from '../api-client'
import { toast } from '../../components/ui/use-toast'

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout')
}

/** Ends the session on the server, forgets every cached answer and goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear()
      navigate('/login')
    },
    onError: () => toast({ title: 'Failed to logout', variant: 'destructive' }),
  })
}
