import { LifeBuoy, Zap } from 'lucide-react'
import { Link } from 'wouter'
import { PublicPage } from '../../components/public-page'
import { Button } from '../../components/ui/button'
import { usePlan } from '../../lib/queries/plan'
import { usePageMeta } from '../../lib/use-page-meta'
import { PAGE_META } from '../../../contract/site'
import { HelpDeskForm } from './help-desk-form'

function HelpIntro() {
  return (
    <>
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <LifeBuoy className="size-6" aria-hidden="true" /> Help Desk
      </h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Report a problem, ask a question or suggest a feature. We answer within 24 hours.
      </p>
    </>
  )
}

/** Priority support (decision 051): a Pro user is told, before writing, that they are answered first. */
function PriorityNote() {
  const { data: plan } = usePlan()
  if (plan?.plan !== 'pro') return null
  return (
    <p
      className="-mt-4 mb-8 flex items-start gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm"
      data-testid="priority-support-note"
    >
      <Zap className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        <strong>Priority support.</strong> You are on Pro: your tickets go to the front of the
        queue, and you get our reply first.
      </span>
    </p>
  )
}

/** /help-desk, inside the app shell. */
export function HelpDeskScreen() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <HelpIntro />
      <PriorityNote />
      <HelpDeskForm
        backLink={
          <Button asChild variant="outline">
            <Link href="/inbox">Back to Inbox</Link>
          </Button>
        }
      />
    </div>
  )
}

/** /help, the same form for anyone, signed in or not. */
export function PublicHelpScreen() {
  usePageMeta(PAGE_META['/help'])
  return (
    <PublicPage>
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <HelpIntro />
        <HelpDeskForm
          backLink={
            <Button asChild variant="outline">
              <a href="/inbox">Back to Inbox</a>
            </Button>
          }
        />
      </div>
    </PublicPage>
  )
}
