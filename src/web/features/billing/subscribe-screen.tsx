import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'
import { Brand } from '../../components/brand'
import { Button } from '../../components/ui/button'
import { PlanChoice } from './upgrade-screen'

/** /subscribe: monthly or yearly Pro on a page of its own, outside the app shell. */
export function SubscribeScreen() {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
        <div className="flex items-center justify-between gap-4">
          <Brand />
          <Button asChild variant="ghost" size="sm">
            <Link href="/app">
              <ArrowLeft aria-hidden="true" /> Back to Inkwell
            </Link>
          </Button>
        </div>
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Subscribe to Pro</h1>
          <p className="text-sm text-muted-foreground">
            Pay monthly, or yearly for less. Cancel any time; Pro lasts to the end of the period.
          </p>
        </header>
        <PlanChoice compare={false} />
      </main>
    </div>
  )
}
