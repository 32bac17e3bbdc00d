import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

export type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  value?: number
  /** Defaults to 100. */
  max?: number
  /** Unknown amount of work: an animated bar and no aria-valuenow. */
  indeterminate?: boolean
}

/** Give it a name: aria-label or aria-labelledby. */
export function Progress({
  className,
  value = 0,
  max = 100,
  indeterminate = false,
  ...props
}: ProgressProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={indeterminate ? undefined : Math.min(max, Math.max(0, value))}
      data-state={indeterminate ? 'indeterminate' : percent >= 100 ? 'complete' : 'loading'}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      {indeterminate ? (
        <div className="h-full w-1/3 animate-progress-indeterminate rounded-full bg-primary" />
      ) : (
        <div
          className="h-full w-full rounded-full bg-primary transition-transform duration-300 ease-out"
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      )}
    </div>
  )
}
