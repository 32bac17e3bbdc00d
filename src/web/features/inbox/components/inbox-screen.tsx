import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Search, X } from 'lucide-react'
import { useLocation, useSearch } from 'wouter'
import type { Thread, ThreadAction, ThreadDetail } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../auth/api/get-current-user'
import {
  buildReplyHandoff,
  writeComposeHandoff,
  type ReplyMode,
} from '../../compose/compose-handoff'
import { useUserSettings } from '../../settings/api/get-settings'
import { threadDetailKey, threadQuery } from '../api/get-thread'
import { unreadCountKey } from '../api/get-unread-count'
import { flattenThreads, useThreads } from '../api/get-threads'
import { useRefreshMail } from '../api/sync-mail'
import { useThreadAction } from '../api/thread-action'
import { filterThreads } from '../search'
import { useInboxShortcuts } from '../use-inbox-shortcuts'
import { CreditBanner } from '../../ai/credit-widgets'
import { InboxHeader } from './inbox-header'
import {
  ConnectGmail,
  ListError,
  LoadingRows,
  NoThreads,
  NothingSelected,
  SkippedMessagesNote,
  SyncFailedBanner,
} from './inbox-states'
import { ShortcutsDialog } from './shortcuts-dialog'
import { ThreadList } from './thread-list'
import type { RowAction } from './quick-actions-menu'
import type { RowDisplay } from './thread-row'

// The viewer brings DOMPurify and the date formats: its own chunk, loaded on first open.
const ThreadViewer = lazy(() =>
  import('./thread-viewer').then((m) => ({ default: m.ThreadViewer })),
)
// Smart Reply brings the AI contract's schemas: loaded when first asked for.
const SmartReply = lazy(() => import('./smart-reply').then((m) => ({ default: m.SmartReply })))

const numberFormat = new Intl.NumberFormat('en-US')
const conversations = (n: number) =>
  `${numberFormat.format(n)} ${n === 1 ? 'conversation' : 'conversations'}`

type Target = { id: string; senderName: string }

/** The inbox (spec section 2): the thread list on the left, the conversation on the right. */
export function InboxScreen() {
  const [location, navigate] = useLocation()
  const selectedId = new URLSearchParams(useSearch()).get('thread')
  const queryClient = useQueryClient()
  const settings = useUserSettings()
  const { compactView, priorityDisplay, autoRefresh } = settings
  const display = useMemo<RowDisplay>(
    () => ({ compactView, priorityDisplay }),
    [compactView, priorityDisplay],
  )
  const myEmail = useCurrentUser().data?.email ?? ''

  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const [serverQuery, setServerQuery] = useState<string | null>(null)
  const [cursorId, setCursorId] = useState<string | null>(null)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  /** The conversation the Smart Reply dialog answers, if open. */
  const [smartReplyFor, setSmartReplyFor] = useState<string | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  const inbox = useThreads({ label: 'INBOX' }, { autoRefresh })
  // Whenever the list learns something new (first sync, refresh), the badge may have changed.
  const inboxUpdatedAt = inbox.dataUpdatedAt
  useEffect(() => {
    if (inboxUpdatedAt) void queryClient.invalidateQueries({ queryKey: unreadCountKey })
  }, [inboxUpdatedAt, queryClient])
  const server = useThreads(
    { label: 'INBOX', q: serverQuery ?? '' },
    { enabled: serverQuery !== null },
  )
  const list = serverQuery !== null ? server : inbox
  const loaded = useMemo(() => flattenThreads(list.data), [list.data])
  const threads = useMemo(
    () => (serverQuery !== null ? loaded : filterThreads(loaded, deferredQuery)),
    [loaded, serverQuery, deferredQuery],
  )
  const firstPage = inbox.data?.pages[0]
  const inboxTotal = firstPage?.total ?? 0
  const searching = query.trim() !== ''

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

  const findThread = (id: string): Thread | ThreadDetail | undefined =>
    loaded.find((t) => t.id === id) ?? queryClient.getQueryData<ThreadDetail>(threadDetailKey(id))

  const act = (target: Target, action: ThreadAction, options: { silent?: boolean } = {}) => {
    // Like Gmail, archiving or deleting the open conversation moves on to the next one.
    if (
      (action === 'archive' || action === 'trash') &&
      target.id === selectedId &&
      serverQuery === null
    ) {
      const index = threads.findIndex((t) => t.id === target.id)
      const next = index === -1 ? undefined : (threads[index + 1] ?? threads[index - 1])
      openThread(next?.id ?? null, { replace: true })
    }
    threadAction.mutate({
      id: target.id,
      action,
      senderName: target.senderName,
      silent: options.silent,
    })
  }

  const startCompose = (mode: ReplyMode, detail: ThreadDetail) => {
    const latest = detail.messages.at(-1)
    if (!latest) return
    writeComposeHandoff(buildReplyHandoff(mode, latest, detail.subject, myEmail))
    navigate('/compose')
  }

  // Rows are memoized: give them one stable callback that always calls the current handler.
  const actRef = useRef(act)
  useLayoutEffect(() => {
    actRef.current = act
  })
  const onRowAction = useCallback((thread: Thread, action: RowAction) => {
    if (action === 'smartReply') return setSmartReplyFor(thread.id)
    actRef.current({ id: thread.id, senderName: thread.sender.name || thread.sender.email }, action)
  }, [])
  const closeSmartReply = useCallback(() => setSmartReplyFor(null), [])
  const onRowOpen = useCallback((id: string) => openThread(id), [openThread])
  const { fetchNextPage: fetchNext } = list
  const fetchNextPage = useCallback(() => void fetchNext({ cancelRefetch: false }), [fetchNext])

  const cursorIndex = cursorId ? threads.findIndex((t) => t.id === cursorId) : -1
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
    queryClient
      .fetchQuery(threadQuery(targetId))
      .then((detail) => startCompose(mode, detail))
      .catch(() => toast({ variant: 'destructive', title: 'Could not open this conversation' }))
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
    '?': () => setShortcutsOpen(true),
    Escape: () => selectedId && openThread(null),
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
  const countText = !firstPage
    ? ''
    : serverQuery !== null
      ? server.data
        ? `${conversations(serverTotal)} found in all mail`
        : 'Searching all mail…'
      : searching
        ? `${numberFormat.format(threads.length)} of ${conversations(inboxTotal)}`
        : conversations(inboxTotal)
  const refreshing = refresh.isPending || list.isRefetching
  const syncError = firstPage?.syncError ?? null

  let listBody
  if (list.isPending) {
    listBody = <LoadingRows />
  } else if (list.error && !list.data) {
    listBody = <ListError onRetry={() => void list.refetch()} />
  } else if (threads.length === 0) {
    const searchingAny = searching || serverQuery !== null
    // An inbox empty because the sync failed is not "No emails found": the banner says why.
    listBody = syncError && !searchingAny ? null : <NoThreads searching={searchingAny} />
  } else {
    listBody = (
      <ThreadList
        threads={threads}
        total={serverQuery !== null ? serverTotal : searching ? threads.length : inboxTotal}
        selectedId={selectedId}
        activeIndex={cursorIndex}
        display={display}
        // A client-side filter searches what is loaded; paging on through the whole mailbox to
        // fill a short result list is what "Search all mail" does, on the server, at once.
        hasNextPage={list.hasNextPage && !(searching && serverQuery === null)}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        onOpen={onRowOpen}
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

          <CreditBanner />

          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault()
              searchAll()
            }}
          >
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                ref={searchRef}
                type="search"
                value={query}
                placeholder="Search emails..."
                aria-label="Search emails"
                className="pr-8 pl-8"
                onChange={(event) => {
                  setQuery(event.target.value)
                  if (serverQuery !== null) setServerQuery(null)
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    setQuery('')
                    setServerQuery(null)
                    event.currentTarget.blur()
                  }
                }}
              />
              {query && (
                <button
                  type="button"
                  aria-label="Clear search"
                  onClick={() => {
                    setQuery('')
                    setServerQuery(null)
                  }}
                  className="absolute top-1/2 right-2 inline-flex size-5 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:text-foreground"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              )}
            </div>
          </form>
          {searching && serverQuery === null && (
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>
                {list.hasNextPage
                  ? `Matches among the ${numberFormat.format(loaded.length)} loaded conversations`
                  : 'Matches in the inbox'}
              </span>
              <Button
                type="button"
                size="sm"
                variant="link"
                className="h-auto px-0"
                onClick={searchAll}
              >
                <Search aria-hidden="true" /> Search all mail
              </Button>
            </div>
          )}
          {serverQuery !== null && (
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span className="truncate">Results for “{serverQuery}” in all mail</span>
              <Button
                type="button"
                size="sm"
                variant="link"
                className="h-auto px-0"
                onClick={() => setServerQuery(null)}
              >
                Back to inbox
              </Button>
            </div>
          )}
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
              listThread={loaded.find((t) => t.id === selectedId)}
              myEmail={myEmail}
              onBack={() => openThread(null)}
              onAction={act}
              onCompose={startCompose}
              onSmartReply={() => setSmartReplyFor(selectedId)}
            />
          </Suspense>
        ) : (
          <NothingSelected />
        )}
      </div>

      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
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
