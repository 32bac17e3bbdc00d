import {
  Archive,
  Flag,
  FlagOff,
  Mail,
  MailOpen,
  MoreVertical,
  Sparkles,
  Star,
  StarOff,
  Trash2,
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
import { isFlagged } from '../api/thread-action'

/** What a row's menu asks for: a thread action, or the Smart Reply dialog for the thread. */
export type RowAction = ThreadAction | 'smartReply'

/** A thread's Quick Actions menu: Smart Reply, then real calls (decision 031). */
export function QuickActionsMenu({
  thread,
  onAction,
  className,
}: {
  thread: Thread
  onAction: (thread: Thread, action: RowAction) => void
  className?: string
}) {
  const flagged = isFlagged(thread)
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={className}
          aria-label={`Quick actions for ${thread.subject || '(no subject)'}`}
        >
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction(thread, 'smartReply')}>
          <Sparkles aria-hidden="true" /> Smart Reply
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onAction(thread, 'archive')}>
          <Archive aria-hidden="true" /> Archive
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction(thread, thread.isStarred ? 'unstar' : 'star')}>
          {thread.isStarred ? <StarOff aria-hidden="true" /> : <Star aria-hidden="true" />}
          {thread.isStarred ? 'Unstar' : 'Star'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction(thread, thread.isUnread ? 'read' : 'unread')}>
          {thread.isUnread ? <MailOpen aria-hidden="true" /> : <Mail aria-hidden="true" />}
          {thread.isUnread ? 'Mark Read' : 'Mark Unread'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction(thread, flagged ? 'unflag' : 'flag')}>
          {flagged ? <FlagOff aria-hidden="true" /> : <Flag aria-hidden="true" />}
          {flagged ? 'Remove Flag' : 'Flag'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onAction(thread, 'trash')}>
          <Trash2 aria-hidden="true" /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
