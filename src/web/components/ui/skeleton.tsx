import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** A decorative placeholder; mark the loading region itself with aria-busy (or a Spinner). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  )
}
