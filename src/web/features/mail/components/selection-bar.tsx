import { AlarmClock, Archive, FolderInput, Mail, MailOpen, Tag, Trash2, X } from 'lucide-react'
import type { ThreadAction } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import type { PickerKind } from '../use-mailbox-pickers'

/**
 * What can be done to the ticked conversations at once: shown in place of the list's header
 * while any are ticked. Escape (or Clear) unticks them all.
 */
export function SelectionBar({
  count,
  onAction,
  onPicker,
  onClear,
}: {
  count: number
  onAction: (action: ThreadAction) => void
  onPicker: (kind: PickerKind) => void
  onClear: () => void
}) {
  const buttons: { label: string; icon: typeof Archive; run: () => void }[] = [
    { label: 'Archive', icon: Archive, run: () => onAction('archive') },
    { label: 'Delete', icon: Trash2, run: () => onAction('trash') },
    { label: 'Label as', icon: Tag, run: () => onPicker('label') },
    { label: 'Move to', icon: FolderInput, run: () => onPicker('move') },
    { label: 'Snooze', icon: AlarmClock, run: () => onPicker('snooze') },
    { label: 'Mark as read', icon: MailOpen, run: () => onAction('read') },
    { label: 'Mark as unread', icon: Mail, run: () => onAction('unread') },
  ]
  return (
    <div
      role="toolbar"
      aria-label="Selected conversations"
      className="flex flex-wrap items-center gap-1 rounded-md bg-primary/8 px-2 py-1"
    >
      <span className="mr-1 text-sm font-medium" aria-live="polite">
        {count} selected
      </span>
      {buttons.map(({ label, icon: Icon, run }) => (
        <Button
          key={label}
          variant="ghost"
          size="icon"
          aria-label={label}
          title={label}
          onClick={run}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
      <span className="flex-1" />
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" /> Clear
      </Button>
    </div>
  )
}
