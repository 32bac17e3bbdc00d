import { useCallback, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { prefetchSmartReply } from './smart-reply-start'

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
  return { threadId, open, close }
}
