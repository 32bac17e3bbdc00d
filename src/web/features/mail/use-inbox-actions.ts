import { useCallback, useLayoutEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Thread, ThreadAction, ThreadDetail } from '../../../contract/mail'
import { runChange, summaryOf } from './api/change-threads'
import { threadDetailKey } from './api/get-thread'
import { useThreadAction } from './api/thread-action'
import {
  inverseOf,
  leavesList,
  simple,
  type ListOnScreen,
  type MailChange,
} from './mailbox/changes'
import type { SelectionModel } from './mailbox/selection'
import { useUserSettings } from '../../lib/queries/settings'
import type { ThreadCursor } from './use-thread-cursor'

export { leavesList }

/** The conversation an action is for, and whom it is from (for its toast). */
export type ActionTarget = { id: string; senderName: string }

/** A key's action: a thread action, or one chosen by the conversation's state. */
export type KeyAction = ThreadAction | 'toggleStar'

/**
 * Acting on conversations, one rule for the keyboard, the row menu and the viewer: the reader's
 * place follows the action (one that leaves the list gives its place to what the afterArchive
 * setting says; the open one marked unread closes), then the action is sent.
 */
export function useInboxActions({
  threads,
  cursor,
  list,
  selection,
}: {
  threads: readonly Thread[]
  cursor: ThreadCursor
  list: ListOnScreen
  /** The ticked conversations: when there are any, a change is for them. */
  selection?: SelectionModel
}) {
  const queryClient = useQueryClient()
  const threadAction = useThreadAction()
  // Where archive or delete in the open conversation goes: another one, or back to the list.
  const { afterArchive } = useUserSettings()
  /** The last change that Undo (`z`) can take back. */
  const last = useRef<{ ids: readonly string[]; change: MailChange } | null>(null)

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
    if (!options.silent && inverseOf(simple(action))) {
      last.current = { ids: [target.id], change: simple(action) }
    }
    if (leavesList(action, list)) cursor.leave(target.id, afterArchive)
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
    // With conversations ticked, a key acts on them all at once (the bulk endpoint).
    if (selection && selection.count > 0 && action !== 'toggleStar') {
      change(simple(action))
      return
    }
    const id = cursor.targetId
    if (!id) return
    const chosen =
      action === 'toggleStar' ? (findThread(id)?.isStarred ? 'unstar' : 'star') : action
    act(targetOf(id), chosen)
  }

  /** What a change is for: the selection, else what keys act on. */
  const changeTargets = (): readonly string[] =>
    selection && selection.count > 0 ? selection.ids : cursor.targetId ? [cursor.targetId] : []

  /**
   * A change (label, move, snooze, or a simple action) on the selection or the target: the
   * reader's place follows it as for one conversation, the selection clears, and the toast
   * offers Undo. `summary` overrides the toast's words (snooze names its time).
   */
  const change = (
    mailChange: MailChange,
    options: { summary?: string; ids?: readonly string[] } = {},
  ) => {
    const ids = options.ids ?? changeTargets()
    if (ids.length === 0) return
    if (leavesList(mailChange, list)) for (const id of ids) cursor.leave(id, afterArchive)
    // A change on the selection ends it, as in Gmail.
    if (selection && selection.count > 0) selection.clear()
    last.current = inverseOf(mailChange) ? { ids, change: mailChange } : null
    runChange(queryClient, {
      ids,
      change: mailChange,
      summary: options.summary ?? summaryOf(queryClient, mailChange, ids.length),
    })
  }

  /** `z`: takes back the last change made here, once. */
  const undoLast = () => {
    const done = last.current
    const inverse = done && inverseOf(done.change)
    last.current = null
    if (!done || !inverse) return
    runChange(queryClient, { ids: done.ids, change: inverse, summary: 'Action undone' })
  }

  return { act: stableAct, actOnRow, actOnTarget, change, changeTargets, undoLast }
}
