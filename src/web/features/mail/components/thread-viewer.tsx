import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  Archive,
  ArrowLeft,
  Flag,
  FlagOff,
  Forward,
  Inbox,
  Mail,
  MailOpen,
  MoreHorizontal,
  Reply,
  ReplyAll,
  ScrollText,
  Sparkles,
  Star,
  Trash2,
  Undo2,
} from 'lucide-react'
import type { Thread, ThreadAction } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { Skeleton } from '../../../components/ui/skeleton'
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '../../../components/ui/tooltip'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { afterPaint } from '../../../lib/after-paint'
import { lazyComponent } from '../../../lib/lazy-component'
import { warmSanitizer } from '../../../lib/sanitize-email'
import { loadWhenIdle } from '../../../lib/when-idle'
import type { ReplyMode } from '../compose/compose-handoff'
import { useThread } from '../api/get-thread'
import { useMarkReadWhenShown } from '../use-mark-read-when-shown'
import { isFlagged } from '../api/thread-action'
import { useLabelIndex } from '../api/get-labels'
import { shownLabels } from '../labels'
import { LabelChip } from './label-chip'
import { MessageView } from './message-view'

/**
 * The reply editor under the conversation is its own chunk (the editor, the schema library):
 * opening a conversation does not evaluate it. It loads once a conversation has shown, when the
 * browser is idle, well before a Reply is pressed.
 */
const InlineReply = lazyComponent(() => import('./inline-reply').then((m) => m.InlineReply))

/**
 * What the first conversation opened would otherwise set up (the sanitizer), done when the
 * browser is idle once the viewer's code has loaded (mailbox-panes.tsx).
 */
export function prepareViewer(): void {
  warmSanitizer()
}

type ThreadViewerProps = {
  threadId: string
  /** The list's copy, shown while the whole conversation loads. */
  listThread: Thread | undefined
  myEmail: string
  onBack: () => void
  onAction: (
    target: { id: string; senderName: string },
    action: ThreadAction,
    options?: { silent?: boolean },
  ) => void
  /** The reply being written under the conversation, if any (Reply, Reply all, Forward). */
  replyMode: ReplyMode | null
  onReplyModeChange: (mode: ReplyMode | null) => void
  onSmartReply: () => void
}

function IconAction({
  label,
  onClick,
  children,
  pressed,
  disabled,
}: {
  label: string
  onClick: () => void
  children: ReactNode
  pressed?: boolean
  disabled?: boolean
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-pressed={pressed}
          onClick={onClick}
          disabled={disabled}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  )
}

/** Conversations longer than this show the first and the last few, with the rest folded. */
const FOLD_AFTER = 5
const KEEP_LAST = 3

/** The email viewer for a whole conversation. */
export function ThreadViewer({
  threadId,
  listThread,
  myEmail,
  onBack,
  onAction,
  replyMode,
  onReplyModeChange,
  onSmartReply,
}: ThreadViewerProps) {
  const { data: detail, error, isPending, refetch } = useThread(threadId)
  useEffect(() => loadWhenIdle(InlineReply.preload, { afterLoadMs: 0 }), [])
  // Opening a conversation takes the focus to it (its subject), so a screen reader reads it
  // and Tab goes on from there; once it has painted, not holding that paint back.
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => afterPaint(() => headingRef.current?.focus({ preventScroll: true })), [])
  const [toggled, setToggled] = useState<Record<string, boolean>>({})
  const [headersShown, setHeadersShown] = useState<Record<string, boolean>>({})
  const [unfolded, setUnfolded] = useState(false)
  // Which messages were unread when the conversation opened: they keep their 'New' badge and
  // start expanded, although opening marks them read at once.
  const [newIds, setNewIds] = useState<Set<string> | null>(null)
  if (detail && newIds === null) {
    setNewIds(new Set(detail.messages.filter((m) => m.isUnread).map((m) => m.id)))
  }

  const latest = detail?.messages.at(-1)
  const senderName =
    latest?.sender.name ||
    latest?.sender.email ||
    listThread?.sender.name ||
    listThread?.sender.email ||
    ''
  const target = useMemo(() => ({ id: threadId, senderName }), [threadId, senderName])

  // Opening an unread conversation marks it read once it has been shown (the hook says when).
  useMarkReadWhenShown(detail?.isUnread, () => onAction(target, 'read', { silent: true }))

  const subject = detail?.subject || listThread?.subject || ''
  const state = detail ?? listThread
  const labelIndex = useLabelIndex()
  const labels = state ? shownLabels(state.labels, labelIndex).slice(0, 3) : []
  const starred = state?.isStarred ?? false
  const flagged = state ? isFlagged(state) : false
  const inInbox = state?.labels.includes('INBOX') ?? true
  const inTrash = state?.labels.includes('TRASH') ?? false

  const compose = (mode: ReplyMode) => detail && onReplyModeChange(mode)

  const toolbar = (
    <div className="flex items-center gap-0.5 border-b border-border px-2 py-1.5">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Back to inbox"
        onClick={onBack}
      >
        <ArrowLeft aria-hidden="true" />
      </Button>
      <IconAction
        label={starred ? 'Unstar' : 'Star'}
        pressed={starred}
        onClick={() => onAction(target, starred ? 'unstar' : 'star')}
      >
        <Star aria-hidden="true" className={cn(starred && 'fill-amber-400 text-amber-500')} />
      </IconAction>
      <IconAction label="Reply" onClick={() => compose('reply')} disabled={!detail}>
        <Reply aria-hidden="true" />
      </IconAction>
      <IconAction label="Reply all" onClick={() => compose('replyAll')} disabled={!detail}>
        <ReplyAll aria-hidden="true" />
      </IconAction>
      <IconAction label="Forward" onClick={() => compose('forward')} disabled={!detail}>
        <Forward aria-hidden="true" />
      </IconAction>
      <IconAction label="Archive" onClick={() => onAction(target, 'archive')} disabled={!inInbox}>
        <Archive aria-hidden="true" />
      </IconAction>
      <IconAction label="Delete" onClick={() => onAction(target, 'trash')} disabled={inTrash}>
        <Trash2 aria-hidden="true" />
      </IconAction>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="More">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onAction(target, state?.isUnread ? 'read' : 'unread')}>
            {state?.isUnread ? <MailOpen aria-hidden="true" /> : <Mail aria-hidden="true" />}
            {state?.isUnread ? 'Mark as read' : 'Mark as unread'}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction(target, flagged ? 'unflag' : 'flag')}>
            {flagged ? <FlagOff aria-hidden="true" /> : <Flag aria-hidden="true" />}
            {flagged ? 'Remove follow-up flag' : 'Flag for follow-up'}
          </DropdownMenuItem>
          {!inInbox && !inTrash && (
            <DropdownMenuItem onSelect={() => onAction(target, 'unarchive')}>
              <Inbox aria-hidden="true" /> Move to inbox
            </DropdownMenuItem>
          )}
          {inTrash && (
            <DropdownMenuItem onSelect={() => onAction(target, 'untrash')}>
              <Undo2 aria-hidden="true" /> Restore from trash
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={!latest}
            onSelect={() =>
              latest && setHeadersShown((shown) => ({ ...shown, [latest.id]: !shown[latest.id] }))
            }
          >
            <ScrollText aria-hidden="true" />
            {latest && headersShown[latest.id] ? 'Hide headers' : 'Show headers'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  )

  let body: ReactNode
  if (detail) {
    const messages = detail.messages
    const folded = !unfolded && messages.length > FOLD_AFTER
    const shown = folded ? [messages[0]!, ...messages.slice(-KEEP_LAST)] : messages
    body = (
      <ol className="divide-y divide-border" aria-label="Messages">
        {shown.map((message, index) => {
          const isLatest = message.id === latest?.id
          const expanded = toggled[message.id] ?? (isLatest || (newIds?.has(message.id) ?? false))
          return (
            <li key={message.id}>
              <MessageView
                message={message}
                myEmail={myEmail}
                isNew={newIds?.has(message.id) ?? false}
                expanded={expanded}
                canCollapse={messages.length > 1}
                showHeaders={headersShown[message.id] ?? false}
                onToggle={() => setToggled((t) => ({ ...t, [message.id]: !expanded }))}
                onShowHeadersChange={(show) =>
                  setHeadersShown((s) => ({ ...s, [message.id]: show }))
                }
              />
              {folded && index === 0 && (
                <button
                  type="button"
                  onClick={() => setUnfolded(true)}
                  className="w-full cursor-pointer border-t border-border px-4 py-2 text-left text-sm text-primary hover:bg-accent/50"
                >
                  {messages.length - 1 - KEEP_LAST} more messages
                </button>
              )}
            </li>
          )
        })}
      </ol>
    )
  } else if (error) {
    const gone = error instanceof ApiError && error.status === 404
    body = (
      <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <p className="font-medium">
          {gone ? 'This conversation is no longer available' : 'Could not load this conversation'}
        </p>
        {!gone && (
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    )
  } else if (isPending) {
    body = (
      <div className="space-y-3 p-4" aria-busy="true" aria-label="Loading conversation">
        <div className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }

  // The viewer's toolbar is the app's only user of tooltips: their provider (and Radix's
  // positioning code) load with it, not before the inbox's first paint (decision 036).
  return (
    <TooltipProvider>
      <section aria-label="Conversation" className="flex h-full min-h-0 flex-col">
        {toolbar}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="flex flex-wrap items-center gap-2 px-4 pt-4 pb-1">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-lg leading-snug font-semibold break-words outline-hidden"
              data-testid="thread-subject"
            >
              {subject || '(no subject)'}
            </h2>
            {labels.map(({ key, label, text }) =>
              label ? (
                <LabelChip key={key} label={label} className="py-0.5 text-xs" />
              ) : (
                <span
                  key={key}
                  className="rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground"
                >
                  {text}
                </span>
              ),
            )}
          </div>
          {body}
          {detail && replyMode && (
            <Suspense fallback={<Skeleton className="mx-4 mt-2 mb-6 h-48" />}>
              <InlineReply
                // Another mode is another message: a fresh editor.
                key={replyMode}
                mode={replyMode}
                detail={detail}
                myEmail={myEmail}
                onClose={() => onReplyModeChange(null)}
              />
            </Suspense>
          )}
          {detail && !replyMode && (
            <div className="flex flex-wrap gap-2 px-4 pt-2 pb-6">
              <Button variant="outline" onClick={() => compose('reply')}>
                <Reply aria-hidden="true" /> Reply
              </Button>
              <Button variant="outline" onClick={() => compose('replyAll')}>
                <ReplyAll aria-hidden="true" /> Reply all
              </Button>
              <Button variant="outline" onClick={() => compose('forward')}>
                <Forward aria-hidden="true" /> Forward
              </Button>
              <Button variant="outline" onClick={onSmartReply}>
                <Sparkles aria-hidden="true" /> Smart Reply
              </Button>
            </div>
          )}
        </div>
      </section>
    </TooltipProvider>
  )
}
