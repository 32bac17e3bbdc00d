import { Sparkles } from 'lucide-react'
import { Badge } from '../../components/ui/badge'

/** The hero's static picture of the inbox; decorative, so hidden from readers. */
export function InboxMockup({ aiEmailsPerMonth }: { aiEmailsPerMonth: number | null }) {
  return (
    <div
      aria-hidden="true"
      className="w-full max-w-md rounded-xl border border-border bg-card p-4 text-left shadow-lg"
    >
      <div className="mb-3 flex items-center justify-between text-sm">
        <span className="font-semibold">Inbox</span>
        <span className="flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-1 text-xs text-secondary-foreground">
          <Sparkles className="size-3.5" />
          AI emails this month: 3/{aiEmailsPerMonth ?? 20}
        </span>
      </div>
      <div className="rounded-lg border border-border bg-background p-3">
        <div className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            J
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate text-sm font-semibold">Jordan Lee</span>
              <span className="shrink-0 text-xs text-muted-foreground">2 min ago</span>
            </div>
            <p className="truncate text-sm font-medium">Contract review before Friday</p>
          </div>
        </div>
        <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">
          Could you look over the revised terms today? Legal needs our approval before the deadline.
        </p>
        <div className="mt-3 flex items-center justify-between">
          <Badge variant="destructive">High Priority</Badge>
          <span className="flex items-center gap-1 text-xs font-medium text-primary">
            <Sparkles className="size-3.5" /> Smart Reply
          </span>
        </div>
      </div>
      <div className="mt-2 space-y-2">
        {['Team offsite photos', 'Your weekly summary'].map((subject) => (
          <div key={subject} className="rounded-lg border border-border p-3">
            <div className="h-2.5 w-24 rounded bg-muted" />
            <p className="mt-2 truncate text-sm text-muted-foreground">{subject}</p>
          </div>
        ))}
      </div>
    </div>
  )
}
