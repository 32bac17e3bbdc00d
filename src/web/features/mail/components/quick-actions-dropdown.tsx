import {
  Archive,
  Flag,
  FlagOff,
  Mail,
  MailOpen,
  Sparkles,
  Star,
  StarOff,
  Trash2,
} from 'lucide-react'
import type { Thread } from '../../../../contract/mail'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import type { OnDemandMenuProps } from '../../../components/ui/menu-on-demand'
import { isFlagged } from '../api/thread-action'
import type { RowAction } from './quick-actions-menu'

/** The Quick Actions menu itself, loaded on its first use (quick-actions-menu.tsx). */
export function QuickActionsDropdown({
  thread,
  onAction,
  trigger,
  defaultOpen,
}: {
  thread: Thread
  onAction: (thread: Thread, action: RowAction) => void
} & OnDemandMenuProps) {
  const flagged = isFlagged(thread)
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
