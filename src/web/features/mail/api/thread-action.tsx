import {
  MutationObserver,
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query'
import type { Thread, ThreadAction, ThreadDetail } from '../../../../contract/mail'
import { applyLabelChange, FOLLOW_UP_LABEL, labelChange } from '../../../../contract/thread-labels'
import { ToastAction } from '../../../components/ui/toast'
import { toast } from '../../../components/ui/use-toast'
import { ApiError, apiJson } from '../../../lib/api-client'
import { currentUserKey } from '../../../lib/queries/current-user'
import type { CurrentUser } from '../../../../contract/auth'
import { isMe } from '../people'
import { labelsKey } from './get-labels'
import { threadDetailKey } from './get-thread'
import { threadListsKey, type ThreadListParams, type ThreadPages } from './get-threads'
import { unreadCountKey } from './get-unread-count'
import { showCounts } from './mail-counts'
import { releaseHeldReload } from './sync-mail'
import { actionAnswered, actionSent, threadActionMutationKey } from './thread-actions-in-flight'

export function threadAction(id: string, action: ThreadAction): Promise<Thread> {
  return apiJson<Thread>('POST', `/api/gmail/threads/${encodeURIComponent(id)}/actions`, { action })
}

export type ThreadActionVariables = {
  id: string
  action: ThreadAction
  /** Who the thread is from, for the success toast. */
  senderName?: string
  /** No success toast (marking a thread read because it was opened, an undo). */
  silent?: boolean
}

type Flags = { labels: string[]; isUnread: boolean; isStarred: boolean }

export const isFlagged = (thread: Pick<Flags, 'labels'>) => thread.labels.includes(FOLLOW_UP_LABEL)

/** How an action changes a thread, applied before the server answers (decision 031): the contract's rule. */
export function applyAction<T extends Flags>(thread: T, action: ThreadAction): T {
  const labels = applyLabelChange(thread.labels, labelChange(action))
  return {
    ...thread,
    labels,
    isUnread: labels.includes('UNREAD'),
    isStarred: labels.includes('STARRED'),
  }
}

function applyToDetail(detail: ThreadDetail, action: ThreadAction): ThreadDetail {
  const next = applyAction(detail, action)
  if (action === 'read')
    return { ...next, messages: next.messages.map((m) => applyAction(m, 'read')) }
  if (action === 'unread') {
    const last = next.messages.length - 1
    return {
      ...next,
      messages: next.messages.map((m, i) => (i === last ? applyAction(m, 'unread') : m)),
    }
  }
  return next
}

const LEAVES_INBOX = new Set<ThreadAction>(['archive', 'trash'])
const RETURNS_TO_INBOX = new Set<ThreadAction>(['unarchive', 'untrash'])

/** The inbox list (not a search): the one a thread leaves when archived or trashed. */
const isInboxList = (key: readonly unknown[]) => {
  const params = key[2] as ThreadListParams & { q: string }
  return params.label === 'INBOX' && !params.q
}

function mapThread(data: ThreadPages, id: string, change: (t: Thread) => Thread): ThreadPages {
  let changed = false
  const pages = data.pages.map((page) => {
    const index = page.threads.findIndex((t) => t.id === id)
    if (index === -1) return page
    changed = true
    const threads = [...page.threads]
    threads[index] = change(threads[index]!)
    return { ...page, threads }
  })
  return changed ? { ...data, pages } : data
}

function removeThread(data: ThreadPages, id: string): ThreadPages {
  if (!data.pages.some((page) => page.threads.some((t) => t.id === id))) return data
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      threads: page.threads.filter((t) => t.id !== id),
      total: i === 0 ? Math.max(0, page.total - 1) : page.total,
    })),
  }
}

/** Puts a thread back where its date says it belongs (undo, rollback of an archive). */
export function insertThread(data: ThreadPages, thread: Thread): ThreadPages {
  if (data.pages.some((page) => page.threads.some((t) => t.id === thread.id))) return data
  let placed = false
  const pages = data.pages.map((page, i) => {
    if (placed) return page
    const isLast = i === data.pages.length - 1
    const index = page.threads.findIndex((t) => t.timestamp < thread.timestamp)
    if (index === -1 && !(isLast && page.nextCursor === null)) return page
    placed = true
    const threads = [...page.threads]
    threads.splice(index === -1 ? threads.length : index, 0, thread)
    return { ...page, threads }
  })
  const first = pages[0]
  if (first) pages[0] = { ...first, total: first.total + 1 }
  return { ...data, pages }
}

type Context = { previous?: Thread; previousDetail?: ThreadDetail; undoCounts: () => void }

function findThread(queryClient: QueryClient, id: string): Thread | undefined {
  for (const [, data] of queryClient.getQueriesData<ThreadPages>({ queryKey: threadListsKey })) {
    const found = data?.pages.flatMap((page) => page.threads).find((t) => t.id === id)
    if (found) return found
  }
  return undefined
}

/**
 * Who a toast says the mail was from: the user's own mail by their display name, as the
 * viewer names it (issue 25), where the row's sender is only their address.
 */
function toastName(queryClient: QueryClient, name: string): string {
  const user = queryClient.getQueryData<CurrentUser | null>(currentUserKey)
  if (!user) return name
  return isMe(name, { email: user.email, name: user.name }) && user.name.trim()
    ? user.name.trim()
    : name
}

const SUCCESS: Record<ThreadAction, (name: string) => string> = {
  archive: (name) => `Archived email from ${name}`,
  unarchive: () => 'Moved back to the inbox',
  star: (name) => `Starred email from ${name}`,
  unstar: () => 'Star removed',
  read: () => 'Marked as read',
  unread: () => 'Marked as unread',
  trash: () => 'Moved email to trash',
  untrash: () => 'Restored from trash',
  flag: () => 'Flagged for follow-up',
  unflag: () => 'Follow-up flag removed',
}

const FAILURE: Record<ThreadAction, string> = {
  archive: 'Failed to archive email',
  unarchive: 'Failed to move email back to the inbox',
  star: 'Failed to star email',
  unstar: 'Failed to remove the star',
  read: 'Failed to mark as read',
  unread: 'Failed to mark as unread',
  trash: 'Failed to move email to trash',
  untrash: 'Failed to restore email',
  flag: 'Failed to flag for follow-up',
  unflag: 'Failed to remove the follow-up flag',
}

const UNDO: Partial<Record<ThreadAction, ThreadAction>> = { archive: 'unarchive', trash: 'untrash' }

/**
 * The options of every thread action: the caches change at once (the thread leaves the inbox
 * on archive or trash, its star and unread state flip), the server's answer then replaces the
 * guess, and a failure puts back just this thread's previous state, so other actions still in
 * flight keep theirs.
 */
export function threadActionOptions(
  queryClient: QueryClient,
): UseMutationOptions<Thread, Error, ThreadActionVariables, Context> {
  return {
    mutationKey: threadActionMutationKey,
    mutationFn: ({ id, action }) => threadAction(id, action),

    onMutate: async ({ id, action }) => {
      actionSent(queryClient)
      // Only the lists: cancelling a detail fetch that has no data yet would leave it pending.
      await queryClient.cancelQueries({ queryKey: threadListsKey })
      const previous = findThread(queryClient, id)
      const previousDetail = queryClient.getQueryData<ThreadDetail>(threadDetailKey(id))

      for (const [key, data] of queryClient.getQueriesData<ThreadPages>({
        queryKey: threadListsKey,
      })) {
        if (!data) continue
        let next = mapThread(data, id, (t) => applyAction(t, action))
        if (LEAVES_INBOX.has(action) && isInboxList(key)) next = removeThread(next, id)
        if (RETURNS_TO_INBOX.has(action) && isInboxList(key) && previous) {
          next = insertThread(next, applyAction(previous, action))
        }
        if (next !== data) queryClient.setQueryData(key, next)
      }
      if (previousDetail) {
        queryClient.setQueryData(threadDetailKey(id), applyToDetail(previousDetail, action))
      }

      // The sidebar's counts (the Inbox badge, each label's) change with the lists.
      const undoCounts = showCounts(queryClient, [
        { id, before: previous ?? previousDetail, change: labelChange(action) },
      ])
      return { previous, previousDetail, undoCounts }
    },

    onError: (error, { id, action }, context) => {
      if (context) {
        const { previous, previousDetail } = context
        for (const [key, data] of queryClient.getQueriesData<ThreadPages>({
          queryKey: threadListsKey,
        })) {
          if (!data || !previous) continue
          let next = mapThread(data, id, (t) => ({
            ...t,
            labels: previous.labels,
            isUnread: previous.isUnread,
            isStarred: previous.isStarred,
          }))
          if (LEAVES_INBOX.has(action) && isInboxList(key)) next = insertThread(next, previous)
          if (RETURNS_TO_INBOX.has(action) && isInboxList(key)) next = removeThread(next, id)
          if (next !== data) queryClient.setQueryData(key, next)
        }
        if (previousDetail) queryClient.setQueryData(threadDetailKey(id), previousDetail)
        context.undoCounts()
      }
      const detail = error instanceof ApiError ? error.detail : null
      toast({
        variant: 'destructive',
        title: FAILURE[action],
        description: detail ?? 'Your change was undone. Please try again.',
      })
    },

    onSuccess: (updated, { id, action, senderName, silent }) => {
      for (const [key, data] of queryClient.getQueriesData<ThreadPages>({
        queryKey: threadListsKey,
      })) {
        if (!data) continue
        let next = mapThread(data, id, () => updated)
        if (RETURNS_TO_INBOX.has(action) && isInboxList(key)) next = insertThread(next, updated)
        if (next !== data) queryClient.setQueryData(key, next)
      }
      queryClient.setQueryData<ThreadDetail>(
        threadDetailKey(id),
        (detail) =>
          detail && {
            ...detail,
            labels: updated.labels,
            isUnread: updated.isUnread,
            isStarred: updated.isStarred,
          },
      )
      if (silent) return
      const name = toastName(queryClient, senderName || updated.sender.name || updated.sender.email)
      const undo = UNDO[action]
      toast({
        title: SUCCESS[action](name),
        action: undo ? (
          <ToastAction
            altText="Undo"
            onClick={() => runThreadAction(queryClient, { id, action: undo, silent: true })}
          >
            Undo
          </ToastAction>
        ) : undefined,
      })
    },

    onSettled: () => {
      actionAnswered(queryClient)
      // The server's own counts, read once no action is in flight (readAfterActions).
      void queryClient.invalidateQueries({ queryKey: unreadCountKey })
      void queryClient.invalidateQueries({ queryKey: labelsKey })
      releaseHeldReload(queryClient)
    },
  }
}

/** Runs an action outside a component (the toast's Undo outlives the row that archived). */
export function runThreadAction(queryClient: QueryClient, variables: ThreadActionVariables): void {
  void new MutationObserver(queryClient, threadActionOptions(queryClient))
    .mutate(variables)
    .catch(() => undefined)
}

/** Archive, star, read, trash, flag and their opposites, with optimistic updates. */
export function useThreadAction() {
  const queryClient = useQueryClient()
  return useMutation(threadActionOptions(queryClient))
}
