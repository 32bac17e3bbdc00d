import type { QueryClient } from '@tanstack/react-query'
import type { ThreadDetail } from '../../../contract/mail'
import { prefetchReplyOptions } from '../ai/api/get-reply-options'
import { replyOptionsInput } from '../ai/smart-reply-source'
import { threadDetailKey, threadQuery } from './api/get-thread'
import { smartReplySource } from './reply-source'

/**
 * Smart Reply's first request, started by the click that opens it (issue 23): the reply options
 * are asked for while the dialog's code loads and mounts, not after. The conversation is
 * usually cached (it is open, or its row was hovered); when not, it is fetched first, through
 * the same query the dialog then reads.
 */
export function prefetchSmartReply(queryClient: QueryClient, threadId: string): void {
  const ask = (detail: ThreadDetail) => {
    const source = smartReplySource(threadId, detail)
    if (source) prefetchReplyOptions(queryClient, replyOptionsInput(source))
  }
  const cached = queryClient.getQueryData<ThreadDetail>(threadDetailKey(threadId))
  if (cached) return ask(cached)
  queryClient.fetchQuery(threadQuery(threadId)).then(ask, () => {
    // The dialog's own load of the conversation says what went wrong.
  })
}
