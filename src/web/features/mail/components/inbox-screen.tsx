import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import type { Thread } from '../../../../contract/mail'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../../lib/queries/current-user'
import type { Label } from '../../../../contract/labels'
import { useLabels } from '../api/get-labels'
import { useSelection } from '../mailbox/selection'
import { viewAt, type ViewOnScreen } from '../mailbox/views'
import { useMailboxPickers } from '../use-mailbox-pickers'
import { lazyComponent } from '../../../lib/lazy-component'
import { useUserSettings } from '../../../lib/queries/settings'
import { useInboxActions } from '../use-inbox-actions'
import { useInboxList } from '../use-inbox-list'
import { useInboxRefresh } from '../use-inbox-refresh'
import { useInboxSearch } from '../use-inbox-search'
import { goToKeys, useInboxShortcuts } from '../use-inbox-shortcuts'
import { useInlineReply } from '../use-inline-reply'
import { useSmartReplyDialog } from '../use-smart-reply-dialog'
import { useThreadCursor } from '../use-thread-cursor'
import { useThreadPrefetch } from '../use-thread-prefetch'
import { CreditBanner } from '../../ai/credit-widgets'
import { InboxHeader } from './inbox-header'
import { InboxSearch } from './inbox-search'
import { MailboxPickers } from './mailbox-pickers'
import { SelectionBar } from './selection-bar'
import { BackfillNote, ConnectGmail, SkippedMessagesNote, SyncFailedBanner } from './inbox-states'
import { ConversationPane, loadThreadViewer, MailboxListBody } from './mailbox-panes'
import type { RowAction } from './quick-actions-menu'
import type { RowDisplay } from './thread-row'

// The shortcuts list is a dialog: Radix's dialog code loads with its first opening.
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
)
// Smart Reply brings the AI contract's schemas: loaded when first asked for, without suspending
// once loaded (decision 036).
const SmartReply = lazyComponent(() => import('./smart-reply').then((m) => m.SmartReply))

const INBOX_VIEW: ViewOnScreen = { labelId: 'INBOX', name: 'Inbox', key: 'inbox' }

/**
 * The mailbox's list screen, for the view its URL names (the Inbox at /inbox, Sent, a label…):
 * each view starts afresh (its own cursor, search and selection).
 */
export function InboxScreen() {
  const [location] = useLocation()
  const labels = useLabels().data?.labels
  const view = viewAt(location, labels) ?? INBOX_VIEW
  return <MailboxScreen key={view.labelId ?? view.key} view={view} labels={labels} />
}

/** A view: the thread list on the left, the conversation on the right. */
function MailboxScreen({
  view,
  labels,
}: {
  view: ViewOnScreen
  labels: readonly Label[] | undefined
}) {
  const [, navigate] = useLocation()
  const { compactView, priorityDisplay, emailTheme, autoRefresh } = useUserSettings()
  const display = useMemo<RowDisplay>(
    () => ({ compactView, priorityDisplay, emailTheme }),
    [compactView, priorityDisplay, emailTheme],
  )
  const myEmail = useCurrentUser().data?.email ?? ''
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  // Mounted from its first opening on, so closing still animates.
  const [shortcutsUsed, setShortcutsUsed] = useState(false)
  const searchRef = useRef<HTMLInputElement>(null)

  const search = useInboxSearch()
  // Snoozed before its mirror label exists (nothing snoozed yet) has nothing to list.
  const noLabel = view.labelId === null
  const inbox = useInboxList(view.labelId ?? 'INBOX', search, {
    autoRefresh,
    snoozed: view.key === 'snoozed',
    enabled: !noLabel,
  })
  const { shown: list, threads, firstPage } = inbox
  const cursor = useThreadCursor(threads)
  const { selectedId } = cursor
  const selection = useSelection(threads)
  const actions = useInboxActions({ threads, cursor, list: inbox.onScreen, selection })
  const pickers = useMailboxPickers({ actions, threads })
  const reply = useInlineReply(cursor)
  const smartReply = useSmartReplyDialog(SmartReply.preload)
  const { refresh, pending: refreshPending } = useInboxRefresh()
  const prefetch = useThreadPrefetch({
    threads,
    cursorIndex: cursor.cursorIndex,
    selectedId,
    loadViewer: loadThreadViewer,
  })

  const { open: openSmartReply } = smartReply
  const { actOnRow } = actions
  const onRowAction = useCallback(
    (thread: Thread, action: RowAction) =>
      action === 'smartReply' ? openSmartReply(thread.id) : actOnRow(thread, action),
    [openSmartReply, actOnRow],
  )

  useInboxShortcuts({
    j: () => cursor.step(1),
    k: () => cursor.step(-1),
    o: cursor.openAtCursor,
    Enter: cursor.openAtCursor,
    e: () => actions.actOnTarget('archive'),
    s: () => actions.actOnTarget('toggleStar'),
    '#': () => actions.actOnTarget('trash'),
    r: () => reply.start('reply'),
    a: () => reply.start('replyAll'),
    f: () => reply.start('forward'),
    c: () => navigate('/compose'),
    x: () => {
      const id = threads[cursor.cursorIndex]?.id ?? cursor.targetId
      if (id) selection.toggle(id)
    },
    ...pickers.keys,
    z: actions.undoLast,
    ...goToKeys(navigate),
    '/': () => searchRef.current?.focus(),
    '?': () => {
      setShortcutsUsed(true)
      setShortcutsOpen(true)
    },
    Escape: () => (selection.count > 0 ? selection.clear() : cursor.close()),
  })

  if (inbox.notConnected) return <ConnectGmail />

  const { searchProblem } = inbox
  const inboxTotal = firstPage?.total ?? 0
  const syncError = firstPage?.syncError ?? null

  return (
    <div className="flex h-full min-h-0">
      <section
        aria-label={view.name}
        className={cn(
          'flex min-h-0 w-full flex-col border-border md:w-[22rem] md:shrink-0 md:border-r lg:w-[26rem]',
          selectedId && 'hidden md:flex',
        )}
      >
        <div className="space-y-3 border-b border-border p-4">
          <InboxHeader
            title={view.name}
            countText={inbox.countText}
            syncing={Boolean(firstPage?.syncing)}
            refreshing={refreshPending || list.isRefetching}
            onRefresh={refresh}
            refreshDisabled={refreshPending}
          />

          {syncError && (
            <SyncFailedBanner
              reason={syncError}
              hasMail={inboxTotal > 0}
              retrying={refreshPending}
              onRetry={refresh}
            />
          )}
          <SkippedMessagesNote count={firstPage?.skippedMessages ?? 0} />
          <BackfillNote progress={firstPage?.backfill} />

          <CreditBanner />

          <InboxSearch
            query={search.query}
            serverQuery={search.serverQuery}
            problem={searchProblem}
            gmailNotice={inbox.gmailNotice}
            inputRef={searchRef}
            onQueryChange={search.type}
            onClear={search.clear}
            onSearchAll={search.searchAll}
            onBackToInbox={search.backToList}
          />
          {selection.count > 0 && (
            <SelectionBar
              count={selection.count}
              onAction={(action) => actions.actOnTarget(action)}
              onPicker={pickers.show}
              onClear={selection.clear}
            />
          )}
        </div>
        <MailboxListBody
          inbox={inbox}
          search={search}
          noLabel={noLabel}
          cursor={cursor}
          selection={selection}
          display={display}
          prefetch={prefetch}
          onAction={onRowAction}
        />
      </section>

      <div className={cn('min-w-0 flex-1', !selectedId && 'hidden md:block')}>
        {/* On a phone the open conversation takes the screen and the list, with the view's
            h1, is hidden: the page keeps its h1 for those who move by headings. */}
        {selectedId && <h1 className="sr-only md:hidden">{view.name}</h1>}
        <ConversationPane
          threadId={selectedId}
          threads={threads}
          myEmail={myEmail}
          cursor={cursor}
          actions={actions}
          reply={reply}
          onSmartReply={openSmartReply}
        />
      </div>

      {shortcutsUsed && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
        </Suspense>
      )}
      <MailboxPickers pickers={pickers} labels={labels} />
      {smartReply.threadId && (
        <Suspense fallback={null}>
          <SmartReply
            key={smartReply.threadId}
            threadId={smartReply.threadId}
            myEmail={myEmail}
            onClose={smartReply.close}
          />
        </Suspense>
      )}
    </div>
  )
}
