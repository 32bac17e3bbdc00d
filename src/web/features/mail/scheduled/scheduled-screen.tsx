import { useState } from 'react'
import { AlertTriangle, CalendarClock, Clock, PenSquare, X } from 'lucide-react'
import { Link } from 'wouter'
import type { ScheduledSend } from '../../../../contract/scheduled'
import { Button } from '../../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { errorDetail } from '../../../lib/error-detail'
import { useContacts } from '../../../lib/queries/contacts'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { describeAddressees, knownNames, type KnownNames, type Me } from '../people'
import { PickTimeDialog } from './pick-time-dialog'
import { useCancelScheduled, useMoveScheduled, useScheduled } from './scheduled-api'
import { formatSendAt } from './send-later-presets'
import { TimeChoiceItems } from './time-choices'

/** What a row says about where it stands. */
function statusText(item: ScheduledSend): string {
  if (item.status === 'failed') {
    return `Not sent: ${item.error ?? 'Gmail refused it'}. The message is kept in Drafts.`
  }
  if (item.status === 'sending') return 'Sending now…'
  if (item.kind === 'undo') return 'Sending once its Undo send window ends'
  return `Sends ${formatSendAt(new Date(item.sendAt))}`
}

/**
 * /app/scheduled (issue 24, decision 053): the mail waiting to go — Send later, and sends still
 * in their Undo send window — and what failed at its time, with its reason. Cancel leaves the
 * message in Drafts; Change time moves it. The list follows the live stream (scheduled.changed).
 */
export function ScheduledScreen() {
  const scheduled = useScheduled()
  // Recipients by name, contacts' names where the message has only the address (issue 25).
  const user = useCurrentUser().data
  const me: Me = { email: user?.email ?? '', name: user?.name ?? '' }
  const known = knownNames(useContacts().data)

  let body
  if (scheduled.isPending) {
    body = (
      <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
        <Spinner label="Loading scheduled mail…" />
        <span aria-hidden="true">Loading scheduled mail…</span>
      </div>
    )
  } else if (scheduled.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="font-medium">Could not load your scheduled mail</p>
        <Button variant="outline" onClick={() => void scheduled.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (scheduled.data.scheduled.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <CalendarClock aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">Nothing scheduled</p>
        <p className="max-w-md text-sm text-muted-foreground">
          To send a message later, open the menu beside Send and choose a time. It waits here until
          then.
        </p>
      </div>
    )
  } else {
    body = (
      <ul
        aria-label="Scheduled mail"
        className="divide-y divide-border rounded-lg border border-border"
      >
        {scheduled.data.scheduled.map((item) => (
          <ScheduledRow key={item.id} item={item} me={me} known={known} />
        ))}
      </ul>
    )
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 p-4 lg:p-6">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Scheduled</h1>
        <Button asChild variant="outline">
          <Link href="/compose">
            <PenSquare aria-hidden="true" /> Compose
          </Link>
        </Button>
      </header>
      {body}
    </div>
  )
}

function ScheduledRow({ item, me, known }: { item: ScheduledSend; me: Me; known: KnownNames }) {
  const cancel = useCancelScheduled()
  const move = useMoveScheduled()
  const [picking, setPicking] = useState(false)
  const subject = item.subject || '(no subject)'
  const to = describeAddressees(item.to, me, known)
  const failed = item.status === 'failed'
  const busy = cancel.isPending || move.isPending
  // Being sent right now, it can no longer be stopped (the server would answer 409).
  const changeable = item.status !== 'sending'

  const onCancel = () =>
    cancel.mutate(item.id, {
      onSuccess: () =>
        toast({
          title: 'Scheduled send cancelled',
          description: (
            <>
              The message stays in{' '}
              <Link href="/drafts" className="underline underline-offset-2">
                Drafts
              </Link>
              , so nothing you wrote is lost.
            </>
          ),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not cancel',
          description: errorDetail(error),
        }),
    })

  const onMove = (sendAt: Date) =>
    move.mutate(
      { id: item.id, sendAt },
      {
        onSuccess: (moved) =>
          toast({ title: `Scheduled for ${formatSendAt(new Date(moved.sendAt))}` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not change the time',
            description: errorDetail(error),
          }),
      },
    )

  return (
    <li data-testid="scheduled-row" className="flex flex-wrap items-center gap-2 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline justify-between gap-3">
          <span className="truncate text-sm">{to ? `to ${to}` : '(no recipient)'}</span>
          <time dateTime={item.sendAt} className="shrink-0 text-xs text-muted-foreground">
            {formatSendAt(new Date(item.sendAt))}
          </time>
        </p>
        <p className="truncate font-medium">{subject}</p>
        <p
          className={
            failed
              ? 'flex items-start gap-1.5 text-sm text-destructive'
              : 'flex items-center gap-1.5 text-sm text-muted-foreground'
          }
        >
          {failed ? (
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Clock aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span data-testid="scheduled-status">{statusText(item)}</span>
        </p>
      </div>
      {changeable && (
        <div className="flex gap-2">
          {/* Not modal: its date & time item opens a dialog, which then owns the page. */}
          {item.kind === 'later' && (
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Change time: ${subject}`}
                >
                  <CalendarClock aria-hidden="true" /> Change time
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <TimeChoiceItems onChoose={onMove} onPickDate={() => setPicking(true)} />
              </DropdownMenuContent>
            </DropdownMenu>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Cancel: ${subject}`}
            onClick={onCancel}
          >
            <X aria-hidden="true" /> Cancel
          </Button>
        </div>
      )}
      <PickTimeDialog
        open={picking}
        onOpenChange={setPicking}
        title="Change time"
        confirmLabel="Change time"
        initial={new Date(item.sendAt) > new Date() ? new Date(item.sendAt) : undefined}
        onPick={onMove}
      />
    </li>
  )
}
