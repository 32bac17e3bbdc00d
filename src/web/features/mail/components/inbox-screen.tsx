import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import type { Thread, ThreadAction, ThreadDetail } from '../../../../contract/mail'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { afterPaint } from '../../../lib/after-paint'
import { lazyComponent } from '../../../lib/lazy-component'
import type { ReplyMode } from '../compose/compose-handoff'
import { useUserSettings } from '../../../lib/queries/settings'
import { threadDetailKey } from '../api/get-thread'
import { unreadCountKey } from '../api/get-unread-count'
import { flattenThreads, useThreads } from '../api/get-threads'
import { useRefreshMail } from '../api/sync-mail'
import { useThreadAction } from '../api/thread-action'
import { nextAfterLeaving } from '../next-thread'
import { useSearchText } from '../search'
import { useInboxShortcuts } from '../use-inbox-shortcuts'
import { useThreadPrefetch } from '../use-thread-prefetch'
import { prefetchSmartReply } from '../smart-reply-start'
import { CreditBanner } from '../../ai/credit-widgets'
import { InboxHeader } from './inbox-header'
import { InboxSearch } from './inbox-search'
import {
  BackfillNote,
  ConnectGmail,
  ListError,
  LoadingRows,
  NoThreads,
  NothingSelected,
  SkippedMessagesNote,
  SyncFailedBanner,
} from './inbox-states'
import { ThreadList } from './thread-list'
import type { RowAction } from './quick-actions-menu'
import type { RowDisplay } from './thread-row'

// The viewer brings DOMPurify, the date formats and tooltips: its own chunk, fetched when the
// browser is idle after the list's first paint, or at once when a conversation is opened.
const ThreadViewer = lazyComponent(() => import('./thread-viewer').then((m) => m.ThreadViewer))
const loadThreadViewer = ThreadViewer.preload
// The shortcuts list is a dialog: Radix's dialog code loads with its first opening.
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
)
// Smart Reply brings the AI contract's schemas: loaded when first asked for, without suspending
// once loaded (decision 036).
const SmartReply = lazyComponent(() => import('./smart-reply').then((m) => m.SmartReply))

const numberFormat = new Intl.NumberFormat('en-US')
const conversations = (n: number) =>
  `${numberFormat.format(n)} ${n === 1 ? 'conversation' : 'conversations'}`

type Target = { id: string; senderName: string }

/** The inbox: the thread list on the left, the conversation on the right. */
export function InboxScreen() {
  const [location, navigate] = useLocation()
  const selectedId = new URLSearchParams(useSearch()).get('thread')
  const queryClient = useQueryClient()
  const settings = useUserSettings()
  const { compactView, priorityDisplay, emailTheme, autoRefresh } = settings
  const display = useMemo<RowDisplay>(
    () => ({ compactView, priorityDisplay, emailTheme }),
    [compactView, priorityDisplay, emailTheme],
  )
  const myEmail = useCurrentUser().data?.email ?? ''

  const [query, setQuery] = useState('')
  const searchText = useSearchText(query)
  const [serverQuery, setServerQuery] = useState<string | null>(null)
  const [cursorId, setCursorId] = useState<string | null>(null)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  // Mounted from its first opening on, so closing still animates.
  const [shortcutsUsed, setShortcutsUsed] = useState(false)
  /** The conversation the Smart Reply dialog answers, if open. */
  const [smartReplyFor, setSmartReplyFor] = useState<string | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  const inbox = useThreads({ label: 'INBOX' }, { autoRefresh })
  // Whenever the list learns something new (first sync, refresh), the badge may have changed.
  const inboxUpdatedAt = inbox.dataUpdatedAt
  useEffect(() => {
    if (inboxUpdatedAt) void queryClient.invalidateQueries({ queryKey: unreadCountKey })
  }, [inboxUpdatedAt, queryClient])
  // Typing searches the inbox's whole cached text on the server; Search all mail looks
  // everywhere, Gmail included. Each is its own list: the inbox's pages stay as they are.
  const instant = useThreads(
    { label: 'INBOX', q: searchText, scope: 'label' },
    { enabled: searchText !== '' && serverQuery === null, keepPrevious: true },
  )
  const server = useThreads(
    { label: 'INBOX', q: serverQuery ?? '', scope: 'all' },
    { enabled: serverQuery !== null },
  )
  const searching = query.trim() !== ''
  const list = serverQuery !== null ? server : searchText ? instant : inbox
  const threads = useMemo(() => flattenThreads(list.data), [list.data])
  const firstPage = inbox.data?.pages[0]
  const inboxTotal = firstPage?.total ?? 0

  const refresh = useRefreshMail()
  const threadAction = useThreadAction()

  const openThread = useCallback(
    (id: string | null, options: { replace?: boolean } = {}) => {
      const params = new URLSearchParams(window.location.search)
      if (id) params.set('thread', id)
      else params.delete('thread')
      const search = params.toString()
      navigate(search ? `${location}?${search}` : location, { replace: options.replace })
      if (id) setCursorId(id)
    },
    [location, navigate],
  )

  /** Back to the list: the focus returns to the conversation's row, if it is in view. */
  const closeThread = () => {
    const closed = selectedId
    openThread(null)
    if (!closed) return
    afterPaint(() =>
      document
        .querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(closed)}"] > button`)
        ?.focus({ preventScroll: true }),
    )
  }

  const findThread = (id: string): Thread | ThreadDetail | undefined =>
    threads.find((t) => t.id === id) ?? queryClient.getQueryData<ThreadDetail>(threadDetailKey(id))

  const act = (target: Target, action: ThreadAction, options: { silent?: boolean } = {}) => {
    // One rule for `e`, `#`, the row menu and the viewer (decision 027): when the open
    // conversation, or the one under the cursor, leaves the inbox, the next one takes its place.
    if ((action === 'archive' || action === 'trash') && serverQuery === null) {
      const next = nextAfterLeaving(threads, target.id)
      if (target.id === selectedId) openThread(next?.id ?? null, { replace: true })
      else if (target.id === cursorId) setCursorId(next?.id ?? null)
    }
    // Marking the open conversation unread closes it, so opening does not read it again.
    if (action === 'unread' && target.id === selectedId) openThread(null)
    threadAction.mutate({
      id: target.id,
      action,
      senderName: target.senderName,
      silent: options.silent,
    })
  }

  /** The reply written under the open conversation (Reply, Reply all, Forward), if any. */
  const [replyFor, setReplyFor] = useState<{ threadId: string; mode: ReplyMode } | null>(null)

  // Rows are memoized: give them one stable callback that always calls the current handler.
  const actRef = useRef(act)
  useLayoutEffect(() => {
    actRef.current = act
  })
  // Smart Reply's code and its first request both start at the click (issue 23).
  const openSmartReply = useCallback(
    (id: string) => {
      void SmartReply.preload()
      prefetchSmartReply(queryClient, id)
      setSmartReplyFor(id)
    },
    [queryClient],
  )
  const onRowAction = useCallback(
    (thread: Thread, action: RowAction) => {
      if (action === 'smartReply') return openSmartReply(thread.id)
      actRef.current(
        { id: thread.id, senderName: thread.sender.name || thread.sender.email },
        action,
      )
    },
    [openSmartReply],
  )
  const closeSmartReply = useCallback(() => setSmartReplyFor(null), [])
  const onRowOpen = useCallback((id: string) => openThread(id), [openThread])
  const { fetchNextPage: fetchNext } = list
  const fetchNextPage = useCallback(() => void fetchNext({ cancelRefetch: false }), [fetchNext])

  const cursorIndex = cursorId ? threads.findIndex((t) => t.id === cursorId) : -1
  const onRowIntent = useThreadPrefetch({
    threads,
    cursorIndex,
    selectedId,
    loadViewer: loadThreadViewer,
  })
  /** What a key acts on: the open conversation, else the row under the cursor. */
  const targetId = selectedId ?? threads[cursorIndex]?.id ?? null
  const targetOf = (id: string): Target => {
    const thread = findThread(id)
    const sender =
      thread && 'sender' in thread
        ? thread.sender
        : thread && 'messages' in thread
          ? thread.messages.at(-1)?.sender
          : undefined
    return { id, senderName: sender?.name || sender?.email || '' }
  }
  const move = (step: 1 | -1) => {
    if (threads.length === 0) return
    const from = selectedId ? threads.findIndex((t) => t.id === selectedId) : cursorIndex
    const index = from === -1 ? 0 : Math.min(threads.length - 1, Math.max(0, from + step))
    const thread = threads[index]
    if (!thread) return
    if (selectedId) openThread(thread.id, { replace: true })
    else setCursorId(thread.id)
  }
  const composeFor = (mode: ReplyMode) => {
    if (!targetId) return
    if (targetId !== selectedId) openThread(targetId)
    setReplyFor({ threadId: targetId, mode })
  }
  const open = () => {
    const thread = threads[cursorIndex]
    if (thread) openThread(thread.id)
  }

  useInboxShortcuts({
    j: () => move(1),
    k: () => move(-1),
    o: open,
    Enter: open,
    e: () => targetId && act(targetOf(targetId), 'archive'),
    s: () => {
      if (!targetId) return
      const thread = findThread(targetId)
      act(targetOf(targetId), thread?.isStarred ? 'unstar' : 'star')
    },
    '#': () => targetId && act(targetOf(targetId), 'trash'),
    r: () => composeFor('reply'),
    a: () => composeFor('replyAll'),
    f: () => composeFor('forward'),
    c: () => navigate('/compose'),
    '/': () => searchRef.current?.focus(),
    '?': () => {
      setShortcutsUsed(true)
      setShortcutsOpen(true)
    },
    Escape: closeThread,
  })

  const searchAll = () => {
    const q = query.trim()
    if (q) setServerQuery(q)
  }

  const doRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not sync with Gmail',
          description:
            (error instanceof ApiError && error.detail) || 'Showing what Inkwell already has.',
        }),
    })

  const notConnected = [inbox.error, server.error].some(
    (e) => e instanceof ApiError && e.status === 401,
  )
  if (notConnected) return <ConnectGmail />

  const serverTotal = server.data?.pages[0]?.total ?? 0
  const listTotal = list.data?.pages[0]?.total ?? 0
  const countText = !firstPage
    ? ''
    : serverQuery !== null
      ? server.data
        ? `${conversations(serverTotal)} found in all mail`
        : 'Searching all mail…'
      : searchText
        ? `${numberFormat.format(listTotal)} of ${conversations(inboxTotal)}`
        : conversations(inboxTotal)
  // A search Gmail's rules refuse (before:2024/13/01) says why, in the server's words.
  const searchProblem =
    list.error instanceof ApiError && list.error.status === 400 ? list.error.detail : null
  const gmailNotice = serverQuery !== null ? server.data?.pages[0]?.notice : undefined
  const refreshing = refresh.isPending || list.isRefetching
  const syncError = firstPage?.syncError ?? null

  let listBody
  if (list.isPending && !searchProblem) {
    listBody = <LoadingRows />
  } else if (list.error && !list.data && !searchProblem) {
    listBody = <ListError onRetry={() => void list.refetch()} />
  } else if (threads.length === 0) {
    const searchingAny = searching || serverQuery !== null
    // An inbox empty because the sync failed is not "No emails found": the banner says why.
    listBody = syncError && !searchingAny ? null : <NoThreads searching={searchingAny} />
  } else {
    listBody = (
      <ThreadList
        threads={threads}
        total={listTotal}
        selectedId={selectedId}
        activeIndex={cursorIndex}
        display={display}
        // The rows and their next page come from the same list: clearing a search shows the
        // inbox's own pages, and never asks for one more because the last results were short.
        hasNextPage={list.hasNextPage}
        isFetching={list.isFetching}
        fetchNextPage={fetchNextPage}
        onOpen={onRowOpen}
        onIntent={onRowIntent}
        onAction={onRowAction}
      />
    )
  }

  return (
    <div className="flex h-full min-h-0">
      <section
        aria-label="Inbox"
        className={cn(
          'flex min-h-0 w-full flex-col border-border md:w-[22rem] md:shrink-0 md:border-r lg:w-[26rem]',
          selectedId && 'hidden md:flex',
        )}
      >
        <div className="space-y-3 border-b border-border p-4">
          <InboxHeader
            countText={countText}
            syncing={Boolean(firstPage?.syncing)}
            refreshing={refreshing}
            onRefresh={doRefresh}
            refreshDisabled={refresh.isPending}
          />

          {syncError && (
            <SyncFailedBanner
              reason={syncError}
              hasMail={inboxTotal > 0}
              retrying={refresh.isPending}
              onRetry={doRefresh}
            />
          )}
          <SkippedMessagesNote count={firstPage?.skippedMessages ?? 0} />
          <BackfillNote progress={firstPage?.backfill} />

          <CreditBanner />

          <InboxSearch
            query={query}
            serverQuery={serverQuery}
            problem={searchProblem}
            gmailNotice={gmailNotice}
            inputRef={searchRef}
            onQueryChange={(text) => {
              setQuery(text)
              if (serverQuery !== null) setServerQuery(null)
            }}
            onClear={() => {
              setQuery('')
              setServerQuery(null)
            }}
            onSearchAll={searchAll}
            onBackToInbox={() => setServerQuery(null)}
          />
        </div>
        {listBody}
      </section>

      <div className={cn('min-w-0 flex-1', !selectedId && 'hidden md:block')}>
        {selectedId ? (
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center">
                <Spinner label="Opening conversation…" />
              </div>
            }
          >
            <ThreadViewer
              key={selectedId}
              threadId={selectedId}
              listThread={threads.find((t) => t.id === selectedId)}
              myEmail={myEmail}
              onBack={closeThread}
              onAction={act}
              replyMode={replyFor?.threadId === selectedId ? replyFor.mode : null}
              onReplyModeChange={(mode) =>
                setReplyFor(mode ? { threadId: selectedId, mode } : null)
              }
              onSmartReply={() => openSmartReply(selectedId)}
            />
          </Suspense>
        ) : (
          <NothingSelected />
        )}
      </div>

      {shortcutsUsed && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
        </Suspense>
      )}
      {smartReplyFor && (
        <Suspense fallback={null}>
          <SmartReply
            key={smartReplyFor}
            threadId={smartReplyFor}
            myEmail={myEmail}
            onClose={closeSmartReply}
          />
        </Suspense>
      )}
    </div>
  )
}
