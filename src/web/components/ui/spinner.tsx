import { Loader2 } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

const sizes = { sm: 'size-3.5', default: 'size-4', lg: 'size-6' } as const

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** What is loading, read by screen readers only. */
  label?: string
  size?: keyof typeof sizes
}

export function Spinner({
  label = 'Loading…',
  size = 'default',
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center justify-center text-muted-foreground', className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className={cn('animate-spin', sizes[size])} />
      <span className="sr-only">{label}</span>
    </span>
  )
}
