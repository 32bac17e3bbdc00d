import { MoreVertical } from 'lucide-react'
import type { Thread, ThreadAction } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import { MenuOnDemand } from '../../../components/ui/menu-on-demand'
import { lazyComponent } from '../../../lib/lazy-component'

/** What a row's menu asks for: a thread action, or the Smart Reply dialog for the thread. */
export type RowAction = ThreadAction | 'smartReply'

// Every row has one: Radix's menu code, and its work per row, wait for the first use.
const QuickActionsDropdown = lazyComponent(() =>
  import('./quick-actions-dropdown').then((m) => m.QuickActionsDropdown),
)

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
  return (
    <MenuOnDemand
      menu={QuickActionsDropdown}
      menuProps={{ thread, onAction }}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className={className}
          aria-label={`Quick actions for ${thread.subject || '(no subject)'}`}
        >
          <MoreVertical aria-hidden="true" />
        </Button>
      }
    />
  )
}
