import { AlertTriangle, CircleAlert } from 'lucide-react'
import type { UserSettings } from '../../../../contract/settings'
import { cn } from '../../../lib/cn'
import type { Priority } from '../../../lib/priority'

const TEXT: Record<Exclude<Priority, 'normal'>, string> = {
  urgent: 'Urgent',
  important: 'Important',
}

/**
 * The row's priority chip (priority from `lib/priority`), drawn the way Settings → Priority display says.
 * 'normal' draws nothing: on most rows a chip would only be noise, and its absence reads as normal.
 */
export function PriorityChip({
  priority,
  display,
}: {
  priority: Priority
  display: UserSettings['priorityDisplay']
}) {
  if (priority === 'normal') return null
  const urgent = priority === 'urgent'
  const label = TEXT[priority]
  const Icon = urgent ? AlertTriangle : CircleAlert
  const tone = urgent ? 'text-destructive' : 'text-amber-600 dark:text-amber-400'

  if (display === 'icons') {
    return (
      <span title={label} data-priority={priority} className={cn('inline-flex shrink-0', tone)}>
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{label}</span>
      </span>
    )
  }
  if (display === 'minimal') {
    return (
      <span title={label} data-priority={priority} className="inline-flex shrink-0 items-center">
        <span
          aria-hidden="true"
          className={cn('size-2 rounded-full', urgent ? 'bg-destructive' : 'bg-amber-500')}
        />
        <span className="sr-only">{label}</span>
      </span>
    )
  }
  return (
    <span
      data-priority={priority}
      className={cn(
        'inline-flex shrink-0 items-center rounded px-1.5 py-px text-[0.6875rem] leading-4 font-medium',
        display === 'text'
          ? 'border border-border text-muted-foreground'
          : urgent
            ? 'bg-destructive/12 text-destructive'
            : 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
      )}
    >
      {label}
    </span>
  )
}
