import { toast } from '../../components/ui/use-toast'
import { ApiError } from '../../lib/api-client'
import { useRefreshMail } from './api/sync-mail'

/**
 * The Refresh button (and the failed sync's Retry): a sync with Gmail now. One that fails says
 * so in a toast, in the server's words where it has some; the list keeps what it has.
 */
export function useInboxRefresh() {
  const refreshMail = useRefreshMail()
  const refresh = () =>
    refreshMail.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not sync with Gmail',
          description:
            (error instanceof ApiError && error.detail) || 'Showing what Inkwell already has.',
        }),
    })
  return { refresh, pending: refreshMail.isPending }
}
