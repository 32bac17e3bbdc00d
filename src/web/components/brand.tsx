import { Feather } from 'lucide-react'
import { cn } from '../lib/cn'

/** Inkwell's mark and name (decision 030). */
export function Brand({
  className,
  withTagline = false,
}: {
  className?: string
  withTagline?: boolean
}) {
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Feather className="size-5" aria-hidden="true" />
      </span>
      <div className="leading-tight">
        <span className="text-lg font-semibold tracking-tight">Inkwell</span>
        {withTagline && (
          <p className="text-sm text-muted-foreground">Your AI-powered email assistant</p>
        )}
      </div>
    </div>
  )
}
