import { Suspense } from 'react'
import type { Thread } from '../../../../contract/mail'
import { Spinner } from '../../../components/ui/spinner'
import { lazyComponent } from '../../../lib/lazy-component'
import { whenIdle } from '../../../lib/when-idle'
import type { useSelection } from '../mailbox/selection'
import type { useInboxActions } from '../use-inbox-actions'
import type { useInboxList } from '../use-inbox-list'
import type { useInboxSearch } from '../use-inbox-search'
import type { useInlineReply } from '../use-inline-reply'
import type { useThreadCursor } from '../use-thread-cursor'
import type { ThreadPrefetch } from '../use-thread-prefetch'
import { ListError, LoadingRows, NoThreads, NothingSelected } from './inbox-states'
import type { RowAction } from './quick-actions-menu'
import { ThreadList } from './thread-list'
import type { RowDisplay } from './thread-row'

// The viewer brings DOMPurify, the date formats and tooltips: its own chunk, fetched when the
// browser is idle after the list's first paint, or at once when a conversation is opened; once
// here, it sets itself up at the next idle moment, before the first conversation needs it.
const ThreadViewer = lazyComponent(() =>
  import('./thread-viewer').then((m) => {
    whenIdle(m.prepareViewer, { afterLoadMs: 0 })
    return m.ThreadViewer
  }),
)
export const loadThreadViewer = ThreadViewer.preload

/** What the list pane shows: the rows, or why there are none (loading, an error, empty). */
export function MailboxListBody({
  inbox,
  search,
  noLabel,
  cursor,
  selection,
  display,
  prefetch,
  onAction,
}: {
  inbox: ReturnType<typeof useInboxList>
  search: ReturnType<typeof useInboxSearch>
  /** Snoozed before its mirror label exists: nothing to list. */
  noLabel: boolean
  cursor: ReturnType<typeof useThreadCursor>
  selection: ReturnType<typeof useSelection>
  display: RowDisplay
  prefetch: ThreadPrefetch
  onAction: (thread: Thread, action: RowAction) => void
}) {
  const { shown: list, threads, searchProblem } = inbox
  if (noLabel) return <NoThreads searching={false} />
  if (list.isPending && !searchProblem) return <LoadingRows />
  if (list.error && !list.data && !searchProblem) {
    return <ListError onRetry={() => void list.refetch()} />
  }
  if (threads.length === 0) {
    const searchingAny = search.searching || search.serverQuery !== null
    // An inbox empty because the sync failed is not "No emails found": the banner says why.
    const syncError = inbox.firstPage?.syncError ?? null
    return syncError && !searchingAny ? null : <NoThreads searching={searchingAny} />
  }
  return (
    <ThreadList
      threads={threads}
      total={inbox.shownTotal}
      selectedId={cursor.selectedId}
      activeIndex={cursor.cursorIndex}
      display={display}
      // The rows and their next page come from the same list: clearing a search shows the
      // inbox's own pages, and never asks for one more because the last results were short.
      hasNextPage={list.hasNextPage}
      isFetching={list.isFetching}
      fetchNextPage={inbox.fetchNextPage}
      onOpen={cursor.open}
      onIntent={prefetch.onRowIntent}
      onRowsAtRest={prefetch.onRowsAtRest}
      onAction={onAction}
      checkedIds={selection.set}
      onCheck={selection.toggle}
    />
  )
}

/** The conversation pane: the open conversation, or a word that none is. */
export function ConversationPane({
  threadId,
  threads,
  myEmail,
  cursor,
  actions,
  reply,
  onSmartReply,
}: {
  threadId: string | null
  threads: Thread[]
  myEmail: string
  cursor: ReturnType<typeof useThreadCursor>
  actions: ReturnType<typeof useInboxActions>
  reply: ReturnType<typeof useInlineReply>
  onSmartReply: (threadId: string) => void
}) {
  if (!threadId) return <NothingSelected />
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center">
          <Spinner label="Opening conversation…" />
        </div>
      }
    >
      <ThreadViewer
        key={threadId}
        threadId={threadId}
        listThread={threads.find((t) => t.id === threadId)}
        myEmail={myEmail}
        onBack={() => cursor.close()}
        onAction={actions.act}
        replyMode={reply.modeFor(threadId)}
        onReplyModeChange={(mode) => reply.setMode(threadId, mode)}
        onSmartReply={() => onSmartReply(threadId)}
      />
    </Suspense>
  )
}
