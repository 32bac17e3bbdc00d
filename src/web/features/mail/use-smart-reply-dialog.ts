import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { prefetchSmartReply } from './smart-reply-start'

/** `?thread=…&smart-reply=1`: the onboarding's "Try Smart Reply" opens the dialog on it. */
const OPEN_PARAM = 'smart-reply'

/**
 * The Smart Reply dialog: which conversation it answers, if open. Its code (`loadCode`) and its
 * first request both start at the click (issue 23).
 */
export function useSmartReplyDialog(loadCode: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  const [threadId, setThreadId] = useState<string | null>(null)
  const open = useCallback(
    (id: string) => {
      void loadCode()
      prefetchSmartReply(queryClient, id)
      setThreadId(id)
    },
    [queryClient, loadCode],
  )
  const close = useCallback(() => setThreadId(null), [])

  // Asked for by the address (on arriving, or a link while the inbox is open), once: the
  // parameter goes, so Back or a reload does not reopen it.
  const [location, navigate] = useLocation()
  const search = useSearch()
  useEffect(() => {
    const params = new URLSearchParams(search)
    if (!params.has(OPEN_PARAM)) return
    const id = params.get('thread')
    params.delete(OPEN_PARAM)
    const rest = params.toString()
    navigate(rest ? `${location}?${rest}` : location, { replace: true })
    if (id) open(id)
  }, [search, location, navigate, open])

  return { threadId, open, close }
}
