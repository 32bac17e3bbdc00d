import { FileText, PenSquare, Trash2 } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import type { Draft } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { errorDetail } from '../../../lib/error-detail'
import { formatListTime } from '../../../lib/format-date'
import { useContacts } from '../../../lib/queries/contacts'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { useDeleteDraft, useDrafts } from '../api/drafts'
import { handoffFromDraft, writeComposeHandoff } from '../compose/compose-handoff'
import { describeAddressees, knownNames } from '../people'
import { ConnectGmail } from './inbox-states'

/** /drafts: the user's Gmail drafts, newest first; one opens in Compose to go on writing. */
export function DraftsScreen() {
  const [, navigate] = useLocation()
  const drafts = useDrafts()
  const remove = useDeleteDraft()
  // Recipients by name, contacts' names where a draft has only the address (issue 25).
  const user = useCurrentUser().data
  const me = { email: user?.email ?? '', name: user?.name ?? '' }
  const known = knownNames(useContacts().data)

  const open = (draft: Draft) => {
    writeComposeHandoff(handoffFromDraft(draft))
    navigate('/compose')
  }
  const onDelete = (draft: Draft) =>
    remove.mutate(draft.id, {
      onSuccess: () => toast({ title: 'Draft deleted' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to delete draft',
          description: errorDetail(error),
        }),
    })

  if (drafts.data === null) return <ConnectGmail />

  let body
  if (drafts.isPending) {
    body = (
      <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
        <Spinner label="Loading drafts…" />
        <span aria-hidden="true">Loading drafts…</span>
      </div>
    )
  } else if (drafts.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="font-medium">Could not load your drafts</p>
        <Button variant="outline" onClick={() => void drafts.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (drafts.data.drafts.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <FileText aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">No drafts</p>
        <p className="text-sm text-muted-foreground">
          What you write in Compose is saved here as you type.
        </p>
      </div>
    )
  } else {
    body = (
      <ul aria-label="Drafts" className="divide-y divide-border rounded-lg border border-border">
        {drafts.data.drafts.map((draft) => {
          const subject = draft.subject || '(no subject)'
          const to = describeAddressees(draft.to, me, known)
          const who = to ? `Draft to ${to}` : 'Draft (no recipient)'
          return (
            <li key={draft.id} data-testid="draft-row" className="flex items-center gap-2 pr-2">
              <button
                type="button"
                onClick={() => open(draft)}
                // What the row shows, as a conversation row names itself: "Draft to Ana: Plan".
                aria-label={`${who}: ${subject}`}
                className="min-w-0 flex-1 cursor-pointer px-4 py-3 text-left outline-hidden hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="truncate text-sm" data-testid="draft-to">
                    <span className="font-medium text-destructive">Draft</span>{' '}
                    {to ? `to ${to}` : '(no recipient)'}
                  </span>
                  <time
                    dateTime={draft.timestamp}
                    className="shrink-0 text-xs text-muted-foreground"
                  >
                    {formatListTime(draft.timestamp)}
                  </time>
                </span>
                <span className="block truncate font-medium">{subject}</span>
                <span className="block truncate text-sm text-muted-foreground">
                  {draft.snippet}
                </span>
              </button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete draft: ${subject}`}
                disabled={remove.isPending && remove.variables === draft.id}
                onClick={() => onDelete(draft)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 p-4 lg:p-6">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Drafts</h1>
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
