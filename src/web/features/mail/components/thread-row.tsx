import { memo } from 'react'
import { AlarmClock, Paperclip, Star } from 'lucide-react'
import type { Label } from '../../../../contract/labels'
import type { Thread } from '../../../../contract/mail'
import type { UserSettings } from '../../../../contract/settings'
import { cn } from '../../../lib/cn'
import { formatListTime } from '../../../lib/format-date'
import { threadPriority } from '../../../lib/priority'
import { describeSenders, type Me } from '../people'
import { shownLabels, type ShownLabel } from '../labels'
import { LabelChip } from './label-chip'
import { PriorityChip } from './priority-chip'
import { QuickActionsMenu, type RowAction } from './quick-actions-menu'

export const ROW_HEIGHT = { regular: 88, compact: 60 } as const

export type RowDisplay = Pick<UserSettings, 'compactView' | 'priorityDisplay' | 'emailTheme'>

/** Tighter rows: the Compact view toggle, or the compact email theme (decision 037). */
export const isCompact = (display: RowDisplay) =>
  display.compactView || display.emailTheme === 'compact'

/** A stable hue for a name or address, so one sender or label keeps one colour. */
export function hueOf(text: string): number {
  let hash = 0
  for (const char of text.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 360
}

type ThreadRowProps = {
  thread: Thread
  selected: boolean
  /** The keyboard cursor (j/k) is on this row. */
  active: boolean
  display: RowDisplay
  now: Date
  /** The signed-in user ("me" in the senders), and the labels by id and name, for the chips. */
  me: Me
  labelIndex: ReadonlyMap<string, Label>
  onOpen: (id: string) => void
  /** A pointer or the focus is on the row (`now`: pressed or focused): it may be opened next. */
  onIntent: (id: string, now?: boolean) => void
  onAction: (thread: Thread, action: RowAction) => void
  /** Ticked with `x` or the checkbox, for an action on the selection. */
  checked?: boolean
  onCheck?: (id: string) => void
}

function LabelChips({ labels, colorful }: { labels: ShownLabel[]; colorful: boolean }) {
  const shown = labels.slice(0, 2)
  const more = labels.length - shown.length
  return (
    <>
      {shown.map(({ key, label, text }) =>
        label ? (
          <LabelChip key={key} label={label} />
        ) : (
          <span
            key={key}
            // Colourful: each label its own tint, dark text on a pale ground (contrast kept).
            style={
              colorful
                ? {
                    backgroundColor: `hsl(${hueOf(text)} 80% 90%)`,
                    color: `hsl(${hueOf(text)} 60% 22%)`,
                  }
                : undefined
            }
            className="max-w-24 shrink-0 truncate rounded bg-secondary px-1.5 py-px text-[0.6875rem] leading-4 text-secondary-foreground"
          >
            {text}
          </span>
        ),
      )}
      {more > 0 && (
        <span
          className="shrink-0 text-[0.6875rem] text-muted-foreground"
          title={labels
            .slice(2)
            .map((l) => l.text)
            .join(', ')}
        >
          +{more}
        </span>
      )}
    </>
  )
}

/** One conversation in the list. The whole row opens it; star and quick actions sit above. */
export const ThreadRow = memo(function ThreadRow({
  thread,
  selected,
  active,
  display,
  now,
  me,
  labelIndex,
  onOpen,
  onIntent,
  onAction,
  checked = false,
  onCheck,
}: ThreadRowProps) {
  // What the row shows is its accessible name too: "me", "Ana, me", never a raw address of ours.
  const senders = describeSenders(thread, me)
  const subject = thread.subject || '(no subject)'
  const labels = shownLabels(thread.labels, labelIndex)
  const priority = threadPriority(thread)
  const compact = isCompact(display)
  const colorful = display.emailTheme === 'colorful'

  const chips = (
    <>
      {thread.snoozedBack && (
        // Back from a snooze at its time: why an older conversation sits at the top.
        <span
          data-testid="snoozed-mark"
          className="inline-flex shrink-0 items-center gap-0.5 rounded bg-amber-100 px-1.5 py-px text-[0.6875rem] leading-4 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
        >
          <AlarmClock aria-hidden="true" className="size-3" />
          Snoozed
        </span>
      )}
      <PriorityChip priority={priority} display={display.priorityDisplay} />
      <LabelChips labels={labels} colorful={colorful} />
    </>
  )

  return (
    <div
      data-testid="thread-row"
      data-thread-id={thread.id}
      data-unread={thread.isUnread || undefined}
      data-active={active || undefined}
      data-email-theme={display.emailTheme}
      className={cn(
        'group relative flex h-full gap-2 border-b border-border py-2.5 pr-2 pl-4 transition-colors',
        selected || checked ? 'bg-primary/8' : 'hover:bg-accent/60',
        active && 'shadow-[inset_3px_0_0_var(--primary)]',
      )}
    >
      {/* The row's main control: covers the row so a click anywhere opens the thread. */}
      <button
        type="button"
        onClick={() => {
          // Its conversation is asked for before the screen renders the open: a click with no
          // press before it (a synthetic one, assistive tech) was no intent yet.
          onIntent(thread.id, true)
          onOpen(thread.id)
        }}
        onPointerEnter={() => onIntent(thread.id)}
        onPointerDown={() => onIntent(thread.id, true)}
        onFocus={() => onIntent(thread.id, true)}
        aria-current={selected || undefined}
        aria-label={`${thread.isUnread ? 'Unread, ' : ''}${senders}: ${subject}`}
        className="absolute inset-0 cursor-pointer outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      />
      {colorful && (
        // The sender's colour down the row's edge: who wrote stands out while scanning.
        <span
          aria-hidden="true"
          data-testid="sender-accent"
          className="absolute inset-y-2 left-0 w-1 rounded-r"
          style={{ backgroundColor: `hsl(${hueOf(thread.sender.email)} 65% 50%)` }}
        />
      )}
      {thread.isUnread && (
        <span
          aria-hidden="true"
          className="absolute top-4 left-1.5 size-1.5 rounded-full bg-primary"
        />
      )}
      {onCheck && (
        // Above the row's cover button, so a click ticks rather than opens.
        <input
          type="checkbox"
          checked={checked}
          onChange={() => onCheck(thread.id)}
          aria-label={`Select: ${subject}`}
          data-testid="row-checkbox"
          className="relative mt-1 size-4 shrink-0 cursor-pointer self-start accent-primary"
        />
      )}

      <div className="pointer-events-none flex min-w-0 flex-1 flex-col justify-center gap-0.5">
        <div className="flex items-center gap-1.5 text-sm">
          <span
            data-testid="row-senders"
            className={cn(
              'truncate',
              thread.isUnread ? 'font-semibold text-foreground' : 'text-foreground/85',
            )}
          >
            {senders}
          </span>
          {thread.messageCount > 1 && (
            <span
              className="shrink-0 text-xs text-muted-foreground"
              aria-label={`${thread.messageCount} messages`}
            >
              {thread.messageCount}
            </span>
          )}
          <span className="flex-1" />
          {thread.hasAttachments && (
            <Paperclip
              aria-label="Has attachments"
              className="size-3.5 shrink-0 text-muted-foreground"
            />
          )}
          <time
            dateTime={thread.timestamp}
            className={cn(
              'shrink-0 text-xs',
              thread.isUnread ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            {formatListTime(thread.timestamp, now)}
          </time>
        </div>
        <div className="flex min-w-0 items-center gap-1.5">
          <span
            className={cn(
              'truncate text-sm',
              thread.isUnread ? 'font-semibold' : 'text-foreground/85',
            )}
          >
            {subject}
          </span>
          {compact && chips}
        </div>
        {!compact && (
          <div className="flex min-w-0 items-center gap-1.5">
            <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
              {thread.snippet}
            </span>
            {chips}
          </div>
        )}
      </div>

      <div
        className={cn(
          'relative flex shrink-0 items-center justify-center gap-0.5',
          compact ? 'flex-row' : 'flex-col',
        )}
      >
        <button
          type="button"
          onClick={() => onAction(thread, thread.isStarred ? 'unstar' : 'star')}
          aria-label={`${thread.isStarred ? 'Unstar' : 'Star'}: ${subject}`}
          aria-pressed={thread.isStarred}
          className="inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Star
            aria-hidden="true"
            className={cn('size-4', thread.isStarred && 'fill-amber-400 text-amber-500')}
          />
        </button>
        <QuickActionsMenu
          thread={thread}
          onAction={onAction}
          className="size-7 opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
        />
      </div>
    </div>
  )
})
