import type { ReactNode } from 'react'
import { CheckCircle2 } from 'lucide-react'

/** The success screen after a ticket or message is sent, with the screen's own next steps. */
export function TicketSent({
  title,
  children,
  actions,
}: {
  title: string
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
      <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      <p className="max-w-md text-muted-foreground">{children}</p>
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  )
}
