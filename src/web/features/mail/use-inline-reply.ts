import { useState } from 'react'
import type { ReplyMode } from './compose/compose-handoff'
import type { ThreadCursor } from './use-thread-cursor'

/**
 * The reply written under the open conversation (Reply, Reply all, Forward): r, a and f start one
 * on what keys act on, opening that conversation first if it is only under the cursor.
 */
export function useInlineReply(cursor: Pick<ThreadCursor, 'selectedId' | 'targetId' | 'open'>) {
  const [replyFor, setReplyFor] = useState<{ threadId: string; mode: ReplyMode } | null>(null)
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
