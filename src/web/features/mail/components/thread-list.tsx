import { useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Thread } from '../../../../contract/mail'
import { usePainted } from '../../../lib/after-paint'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { useLabelIndex } from '../api/get-labels'
import { showingRows } from '../api/sync-mail'
import { Spinner } from '../../../components/ui/spinner'
import type { Me } from '../people'
import type { RowAction } from './quick-actions-menu'
import { isCompact, ROW_HEIGHT, ThreadRow, type RowDisplay } from './thread-row'

type ThreadListProps = {
  threads: Thread[]
  /** All threads the list stands for (the server's total), for assistive tech. */
  total: number
  selectedId: string | null
  /** The keyboard cursor's row, or -1. */
  activeIndex: number
  display: RowDisplay
  hasNextPage: boolean
  /**
   * A request for this list is on its way: the next page, or a refresh of the loaded ones (new
   * mail, the first sync's polling). Asking for the next page during a refresh is dropped, so
   * the list asks again when it ends.
   */
  isFetching: boolean
  fetchNextPage: () => void
  onOpen: (id: string) => void
  onIntent: (id: string, now?: boolean) => void
  /** The rows in view, each time the list comes to rest with other rows (or rows) in view. */
  onRowsAtRest?: (threads: Thread[]) => void
  onAction: (thread: Thread, action: RowAction) => void
  /** The ticked conversations, and ticking one (a checkbox per row when given). */
  checkedIds?: ReadonlySet<string>
  onCheck?: (id: string) => void
}

/** Load the next page this many rows before the end, so scrolling rarely meets the spinner. */
const PREFETCH_ROWS = 30
/** Rows kept in the DOM beyond the ones in view, so a fast scroll meets rows, not blanks. */
const OVERSCAN = 10

/** The current time, a minute at a time: enough for '3:42 PM' versus 'Mar 4'. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/**
 * The thread list, virtualized: only the rows in view (plus a few) are in the DOM, all of the
 * same height, so 10,000 threads scroll like 10. The next page loads as the end comes near.
 */
export function ThreadList({
  threads,
  total,
  selectedId,
  activeIndex,
  display,
  hasNextPage,
  isFetching,
  fetchNextPage,
  onOpen,
  onIntent,
  onRowsAtRest,
  onAction,
  checkedIds,
  onCheck,
}: ThreadListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const now = useMinuteClock()
  const rowHeight = isCompact(display) ? ROW_HEIGHT.compact : ROW_HEIGHT.regular
  const count = threads.length + (hasNextPage ? 1 : 0)
  // Asked once for the list, not by every row: each would be one more query observer to set up.
  const user = useCurrentUser().data
  const me = useMemo<Me>(
    () => ({ email: user?.email ?? '', name: user?.name ?? '' }),
    [user?.email, user?.name],
  )
  const labelIndex = useLabelIndex()
  // The first render holds the rows in view and no more: the rows beyond them, there for a
  // scroll, come in a render once the first frame is painted (decision 061).
  const painted = usePainted()

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => threads[index]?.id ?? '__more__',
    overscan: painted ? OVERSCAN : 0,
    // The list's height before it is measured: the window's, so the first render already holds
    // the rows in view instead of a few, with a second render once the list is measured.
    initialRect: { width: 0, height: window.innerHeight },
    // React 19 warns when flushSync runs during render; rows are fixed-height, so the
    // synchronous flush buys nothing here.
    useFlushSync: false,
  })

  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight])

  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  // A reload (new mail, an action elsewhere) keeps the pages down to here.
  const queryClient = useQueryClient()
  useEffect(() => showingRows(queryClient, lastIndex + 1), [queryClient, lastIndex])
  useEffect(() => {
    if (hasNextPage && !isFetching && lastIndex >= threads.length - PREFETCH_ROWS) {
      fetchNextPage()
    }
  }, [lastIndex, threads.length, hasNextPage, isFetching, fetchNextPage])

  // The virtualizer renders again when scrolling stops or the rows in view change; `range` is
  // the rows in view, without the overscan.
  const resting = !virtualizer.isScrolling
  const firstInView = virtualizer.range?.startIndex ?? -1
  const lastInView = virtualizer.range?.endIndex ?? -1
  const inViewKey = resting
    ? threads
        .slice(Math.max(0, firstInView), lastInView + 1)
        .map((t) => t.id)
        .join(' ')
    : ''
  const restingRows = useRef<Thread[]>([])
  restingRows.current = resting ? threads.slice(Math.max(0, firstInView), lastInView + 1) : []
  useEffect(() => {
    if (inViewKey) onRowsAtRest?.(restingRows.current)
  }, [inViewKey, onRowsAtRest])

  // The cursor's row is kept in view. Whether it already is comes from what the virtualizer last
  // saw (scroll events, the list's size): asking the page would force a layout in the middle of
  // opening a conversation, and scrollToIndex scrolls (and lays out) even when nothing moves.
  useEffect(() => {
    if (activeIndex < 0) return
    const top = activeIndex * rowHeight
    const offset = virtualizer.scrollOffset
    const height = virtualizer.scrollRect?.height
    const inView =
      offset !== null && height !== undefined && top >= offset && top + rowHeight <= offset + height
    if (!inView) virtualizer.scrollToIndex(activeIndex, { align: 'auto' })
  }, [virtualizer, activeIndex, rowHeight])

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      data-testid="thread-list"
    >
      <div
        role="list"
        aria-label="Conversations"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const thread = threads[item.index]
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={Math.max(total, threads.length)}
              aria-posinset={item.index + 1}
              className="absolute top-0 left-0 w-full"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {thread ? (
                <ThreadRow
                  thread={thread}
                  selected={thread.id === selectedId}
                  active={item.index === activeIndex}
                  display={display}
                  now={now}
                  me={me}
                  labelIndex={labelIndex}
                  onOpen={onOpen}
                  onIntent={onIntent}
                  onAction={onAction}
                  checked={checkedIds?.has(thread.id) ?? false}
                  onCheck={onCheck}
                />
              ) : (
                <div className="flex h-full items-center justify-center">
                  <Spinner label="Loading more conversations…" />
                </div>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
