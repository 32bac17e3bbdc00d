import { CloudAlert, Keyboard, Mail, MailWarning, PenSquare } from 'lucide-react'
import { Link } from 'wouter'
import type { BackfillProgress } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'

/** The inbox's states around the list: Gmail not connected, first load, nothing open. */
export function ConnectGmail() {
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="flex max-w-sm flex-col items-center gap-3 text-center">
        <MailWarning aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">Connect Gmail Account</h1>
        <p className="text-sm text-muted-foreground">
          Inkwell needs access to your Gmail to show your conversations here.
        </p>
        <Button asChild>
          {/* A full-page navigation: the server starts Google's consent screen. */}
          <a href="/auth/google">Connect Gmail Account</a>
        </Button>
      </div>
    </div>
  )
}

export function LoadingRows() {
  return (
    <div aria-busy="true" className="flex-1">
      <p className="flex items-center gap-2 px-4 pt-3 text-sm text-muted-foreground">
        <Spinner size="sm" label="" aria-hidden="true" /> Syncing your Gmail emails...
      </p>
      {Array.from({ length: 5 }, (_, i) => (
        <div
          key={i}
          data-testid="thread-skeleton"
          className="space-y-2 border-b border-border px-4 py-3"
        >
          <div className="flex justify-between gap-4">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-10" />
          </div>
          <Skeleton className="h-3.5 w-3/4" />
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  )
}

export function NothingSelected() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <Mail aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-medium">Select an email to read</p>
      <Button asChild variant="outline">
        <Link href="/compose">
          <PenSquare aria-hidden="true" /> Compose New Email
        </Link>
      </Button>
      <p className="hidden items-center gap-1.5 text-xs text-muted-foreground md:flex">
        <Keyboard aria-hidden="true" className="size-3.5" /> Press{' '}
        <kbd className="font-mono">?</kbd> for keyboard shortcuts
      </p>
    </div>
  )
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <p className="font-medium">Could not load your emails</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** The spec's two empty states. */
export function NoThreads({ searching }: { searching: boolean }) {
  return (
    <p className="px-6 py-16 text-center text-sm text-muted-foreground">
      {searching ? 'No emails match your search' : 'No emails found'}
    </p>
  )
}

/**
 * The last sync with Gmail failed: why (the server's plain reason), what the list shows
 * meanwhile, and Retry. An empty inbox shows this instead of 'No emails found', which would
 * be false.
 */
export function SyncFailedBanner({
  reason,
  hasMail,
  retrying,
  onRetry,
}: {
  reason: string
  hasMail: boolean
  retrying: boolean
  onRetry: () => void
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-destructive/40 bg-destructive/8 px-3 py-2 text-sm"
    >
      <CloudAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Could not sync with Gmail</p>
        <p className="text-xs text-muted-foreground">
          {reason}{' '}
          {hasMail
            ? 'The list shows your mail as of the last sync that worked.'
            : 'Your mail will appear here once a sync works.'}
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  )
}

/** Messages Gmail has that Inkwell could not store: say so, so their absence is not a mystery. */
export function SkippedMessagesNote({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <p role="status" className="text-xs text-muted-foreground">
      {count === 1
        ? '1 message could not be stored in Inkwell; it is still in Gmail.'
        : `${count} messages could not be stored in Inkwell; they are still in Gmail.`}
    </p>
  )
}

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' })

/**
 * The server's estimate of the backfill's time left, in round words: minutes under an hour
 * and a half, hours beyond. Null without an estimate.
 */
export function timeLeft(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined) return null
  if (seconds < 60) return 'less than a minute left'
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return minutes === 1 ? 'about 1 minute left' : `about ${minutes} minutes left`
  return `about ${Math.round(minutes / 60)} hours left`
}

/**
 * A quiet line while mail older than the sync window is being fetched (the backfill), saying
 * how far back it has reached and, when the server can tell, about how long it has left; gone
 * once it is done.
 */
export function BackfillNote({ progress }: { progress: BackfillProgress | null | undefined }) {
  if (!progress || progress.done) return null
  const reached = progress.oldestDate ? new Date(progress.oldestDate) : null
  const left = timeLeft(progress.etaSeconds)
  const where = reached
    ? `Fetching older mail… back to ${monthYear.format(reached)}`
    : 'Fetching older mail…'
  return (
    <p role="status" className="text-xs text-muted-foreground">
      {left ? `${where} (${left})` : where}
    </p>
  )
}
