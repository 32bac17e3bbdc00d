import { LifeBuoy } from 'lucide-react'
import { Link } from 'wouter'
import { PublicPage } from '../../components/public-page'
import { Button } from '../../components/ui/button'
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

/** /help-desk, inside the app shell. */
export function HelpDeskScreen() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <HelpIntro />
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
