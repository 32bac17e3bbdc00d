import { useCallback, useLayoutEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Thread, ThreadAction, ThreadDetail } from '../../../contract/mail'
import { threadDetailKey } from './api/get-thread'
import { useThreadAction } from './api/thread-action'
import type { ListOnScreen } from './use-inbox-list'
import type { ThreadCursor } from './use-thread-cursor'

/** The conversation an action is for, and whom it is from (for its toast). */
export type ActionTarget = { id: string; senderName: string }

/** A key's action: a thread action, or one chosen by the conversation's state. */
export type KeyAction = ThreadAction | 'toggleStar'

/**
 * Whether `action` takes a conversation out of `list`, so the next one takes its place
 * (decision 027). All mail holds archived and deleted mail alike; a label's list loses them.
 */
export function leavesList(action: ThreadAction, list: ListOnScreen): boolean {
  return list.scope === 'label' && (action === 'archive' || action === 'trash')
}

/**
 * Acting on conversations, one rule for the keyboard, the row menu and the viewer: the reader's
 * place follows the action (the next conversation takes the place of one that leaves the list;
 * the open one marked unread closes), then the action is sent.
 */
export function useInboxActions({
  threads,
  cursor,
  list,
}: {
  threads: readonly Thread[]
  cursor: ThreadCursor
  list: ListOnScreen
}) {
  const queryClient = useQueryClient()
  const threadAction = useThreadAction()

  const findThread = (id: string): Thread | ThreadDetail | undefined =>
    threads.find((t) => t.id === id) ?? queryClient.getQueryData<ThreadDetail>(threadDetailKey(id))

  const targetOf = (id: string): ActionTarget => {
    const thread = findThread(id)
    const sender =
      thread && 'sender' in thread
        ? thread.sender
        : thread && 'messages' in thread
          ? thread.messages.at(-1)?.sender
          : undefined
    return { id, senderName: sender?.name || sender?.email || '' }
  }

  const act = (target: ActionTarget, action: ThreadAction, options: { silent?: boolean } = {}) => {
    if (leavesList(action, list)) cursor.leave(target.id)
    // Marking the open conversation unread closes it, so opening does not read it again.
    if (action === 'unread' && target.id === cursor.selectedId) cursor.close({ returnFocus: false })
    threadAction.mutate({
      id: target.id,
      action,
      senderName: target.senderName,
      silent: options.silent,
    })
  }

  // Rows are memoized: they get stable callbacks that always run the current rule.
  const latest = useRef(act)
  useLayoutEffect(() => {
    latest.current = act
  })
  const stableAct = useCallback<typeof act>((...args) => latest.current(...args), [])
  const actOnRow = useCallback(
    (thread: Thread, action: ThreadAction) =>
      latest.current(
        { id: thread.id, senderName: thread.sender.name || thread.sender.email },
        action,
      ),
    [],
  )

  /** A key's action, on what keys act on (the cursor's `targetId`); nothing if there is none. */
  const actOnTarget = (action: KeyAction) => {
    const id = cursor.targetId
    if (!id) return
    const chosen =
      action === 'toggleStar' ? (findThread(id)?.isStarred ? 'unstar' : 'star') : action
    act(targetOf(id), chosen)
  }

  return { act: stableAct, actOnRow, actOnTarget }
}
