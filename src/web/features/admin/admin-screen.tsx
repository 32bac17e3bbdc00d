import { useId, useState } from 'react'
import { ShieldAlert, Zap } from 'lucide-react'
import { TICKET_STATUSES } from '../../../contract/options'
import type { Ticket, TicketStatus } from '../../../contract/support'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { toast } from '../../components/ui/use-toast'
import { ApiError } from '../../lib/api-client'
import { cn } from '../../lib/cn'
import { formatFullTimestamp } from '../../lib/format-date'
import { useAdminTickets } from './api/get-admin-tickets'
import { useUpdateTicketStatus } from './api/update-ticket-status'

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
}

const ALL = 'all'

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-24 text-center">
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">Access Denied</h1>
      <p className="text-muted-foreground">You don't have permission to access the admin panel.</p>
    </div>
  )
}

function StatusSelect({ ticket }: { ticket: Ticket }) {
  const update = useUpdateTicketStatus()
  const id = useId()
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="sr-only">
        Status of “{ticket.subject ?? ticket.message.slice(0, 40)}”
      </Label>
      <Select
        value={update.isPending ? update.variables.status : ticket.status}
        disabled={update.isPending}
        onValueChange={(status) =>
          update.mutate(
            { id: ticket.id, status: status as TicketStatus },
            {
              onError: () =>
                toast({ variant: 'destructive', title: 'Failed to update ticket status' }),
            },
          )
        }
      >
        <SelectTrigger id={id} className="w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TICKET_STATUSES.map((s) => (
            <SelectItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  return (
    <Card
      className={cn(
        'flex flex-col gap-3 p-4 sm:flex-row sm:items-start',
        ticket.prioritySupport && 'border-l-4 border-l-primary',
      )}
      data-ticket-id={ticket.id}
      data-priority-support={ticket.prioritySupport || undefined}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {ticket.prioritySupport && (
            <Badge className="gap-1">
              <Zap className="size-3" aria-hidden="true" /> Priority support
            </Badge>
          )}
          <h2 className="font-semibold">{ticket.subject ?? '(no subject)'}</h2>
          <Badge variant="secondary">{ticket.type}</Badge>
          <Badge
            variant={
              ticket.priority === 'urgent' || ticket.priority === 'high' ? 'destructive' : 'outline'
            }
          >
            {ticket.priority}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {ticket.name} &lt;{ticket.email}&gt; · {formatFullTimestamp(ticket.createdAt)}
        </p>
        <p className="mt-2 text-sm whitespace-pre-wrap">{ticket.message}</p>
        {ticket.url && (
          <p className="mt-2 truncate text-xs text-muted-foreground">From {ticket.url}</p>
        )}
      </div>
      <StatusSelect ticket={ticket} />
    </Card>
  )
}

/** The admin ticket panel: counters, a status filter, the ticket list. */
export function AdminScreen() {
  const [filter, setFilter] = useState<TicketStatus | typeof ALL>(ALL)
  const list = useAdminTickets(filter === ALL ? undefined : filter)
  const filterId = useId()

  if (list.error instanceof ApiError && list.error.status === 403) return <AccessDenied />

  const counts = list.data?.counts
  const counters = [
    ['Total', counts?.total],
    ['Open', counts?.open],
    ['In Progress', counts?.in_progress],
    ['Resolved', counts?.resolved],
  ] as const

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Admin Panel</h1>
      <p className="mt-1 text-muted-foreground">
        Support tickets from every form. Tickets from Pro users still to answer come first.
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {counters.map(([label, value]) => (
          <Card key={label} className="p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">
              {value ?? <Skeleton className="h-8 w-10" />}
            </dd>
          </Card>
        ))}
      </dl>
      <div className="mt-8 flex items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={filterId}>Status</Label>
          <Select value={filter} onValueChange={(v) => setFilter(v as TicketStatus | typeof ALL)}>
            <SelectTrigger id={filterId} className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All tickets</SelectItem>
              {TICKET_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="mt-6 grid gap-3" aria-busy={list.isFetching}>
        {list.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-28" />)
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-destructive">The tickets could not be loaded.</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.tickets.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">No tickets here.</p>
        ) : (
          list.data.tickets.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} />)
        )}
      </div>
    </div>
  )
}
