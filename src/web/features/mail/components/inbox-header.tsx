import { PenSquare, RefreshCw } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'

/** The inbox's title line: the count of conversations, the sync state, Refresh and Compose. */
export function InboxHeader({
  title = 'Inbox',
  countText,
  syncing,
  refreshing,
  refreshDisabled,
  onRefresh,
}: {
  /** The view's name: Inbox, Sent, a label's… */
  title?: string
  countText: string
  syncing: boolean
  refreshing: boolean
  refreshDisabled: boolean
  onRefresh: () => void
}) {
  return (
    <div className="flex items-center gap-2">
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {/* A narrow header moves "Syncing…" below the count rather than breaking "15 of 129
            conversations" in two (each part is laid out whole first); only a header narrower
            than the count alone (a 320 px phone) wraps it, rather than letting it spill out. */}
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span className="min-w-0" data-testid="thread-count">
            {countText}
          </span>
          {syncing && (
            <span
              className="inline-flex items-center gap-1 text-xs whitespace-nowrap"
              data-testid="syncing"
            >
              <Spinner size="sm" label="" aria-hidden="true" /> Syncing…
            </span>
          )}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Refresh"
        title="Refresh"
        onClick={onRefresh}
        disabled={refreshDisabled}
      >
        <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
      </Button>
      <Button asChild size="sm">
        <Link href="/compose">
          <PenSquare aria-hidden="true" /> Compose
        </Link>
      </Button>
    </div>
  )
}
