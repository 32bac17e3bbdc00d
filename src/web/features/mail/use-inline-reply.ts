import { useEffect, useState } from 'react'
import type { ReplyMode } from './compose/compose-handoff'
import { useReopenedReply } from './scheduled/reopen'
import type { ThreadCursor } from './use-thread-cursor'

/**
 * The reply written under the open conversation (Reply, Reply all, Forward): r, a and f start one
 * on what keys act on, opening that conversation first if it is only under the cursor.
 */
export function useInlineReply(cursor: Pick<ThreadCursor, 'selectedId' | 'targetId' | 'open'>) {
  const [replyFor, setReplyFor] = useState<{ threadId: string; mode: ReplyMode } | null>(null)
  // An undone send of a reply (decision 053): its conversation opens with the reply in it.
  const reopened = useReopenedReply()
  const { selectedId, open } = cursor
  useEffect(() => {
    if (!reopened) return
    if (reopened.threadId !== selectedId) open(reopened.threadId)
    setReplyFor({ threadId: reopened.threadId, mode: reopened.mode })
    // Once per reopened reply, wherever the cursor is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reopened])
  return {
    start: (mode: ReplyMode) => {
      const id = cursor.targetId
      if (!id) return
      if (id !== cursor.selectedId) cursor.open(id)
      setReplyFor({ threadId: id, mode })
    },
    /** The reply being written under `threadId`, if any. */
    modeFor: (threadId: string) => (replyFor?.threadId === threadId ? replyFor.mode : null),
    /** The viewer's own Reply buttons, and closing the reply. */
    setMode: (threadId: string, mode: ReplyMode | null) =>
      setReplyFor(mode ? { threadId, mode } : null),
  }
}
