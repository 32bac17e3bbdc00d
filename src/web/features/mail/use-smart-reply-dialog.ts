import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
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

  // Asked for by the address once: the parameter goes (Back or a reload does not reopen it).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    const id = params.get('thread')
    if (!params.has(OPEN_PARAM)) return
    params.delete(OPEN_PARAM)
    const search = params.toString()
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search ? `?${search}` : ''}`,
    )
    if (id) open(id)
  }, [open])

  return { threadId, open, close }
}
