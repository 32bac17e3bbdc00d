import { useId } from 'react'
import { Crown, Sparkles } from 'lucide-react'
import { Link } from 'wouter'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Progress } from '../../components/ui/progress'
import { Skeleton } from '../../components/ui/skeleton'
import { cn } from '../../lib/cn'
import { usePlan } from '../../lib/queries/plan'
import { proPeriodText } from '../../lib/plan-dates'
import { creditBannerMessage, creditCardMessage, creditState } from './credit-state'

/**
 * The AI credits widget's three variants (sidebar card, inbox banner, compose notice), all reading `creditState`, and all
 * following the plan query, which every generation refetches when it ends.
 */

/** Compact: a Pro badge, or remaining/limit with an Upgrade button when low. */
export function CreditCompact({ className }: { className?: string }) {
  const { data: plan } = usePlan()
  if (!plan) return null
  const state = creditState(plan)
  if (state.plan === 'pro') {
    return (
      <Badge variant="secondary" className={className}>
        <Crown aria-hidden="true" /> Pro
      </Badge>
    )
  }
  return (
    <div className={cn('flex items-center gap-2 text-xs', className)}>
      <span className="text-muted-foreground tabular-nums" data-testid="credits-remaining">
        {state.remaining}/{state.limit} AI emails left
      </span>
      {state.level !== 'ok' && (
        <Button asChild size="sm" variant="outline" className="h-7">
          <Link href="/upgrade">Upgrade</Link>
        </Button>
      )}
    </div>
  )
}

/**
 * Banner: only for a Free plan that is low (1 credit or fewer left) or exhausted. It says so
 * and leaves the one Upgrade button to the sidebar's plan box, shown beside it on a wide
 * screen; on a narrow one, where the sidebar is behind the menu, the banner has it.
 */
export function CreditBanner() {
  const { data: plan } = usePlan()
  const message = plan ? creditBannerMessage(creditState(plan)) : null
  if (!message) return null

  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-md border px-3 py-2 text-sm',
        message.exhausted
          ? 'border-destructive/40 bg-destructive/8'
          : 'border-warning/60 bg-warning/15',
      )}
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{message.title}</p>
        <p className="text-xs text-muted-foreground">{message.description}</p>
      </div>
      {/* Below lg the sidebar, and its plan box, are behind the menu: the banner offers it. */}
      <Button
        asChild
        size="sm"
        variant={message.exhausted ? 'default' : 'outline'}
        className="lg:hidden"
      >
        <Link href="/upgrade">Upgrade</Link>
      </Button>
    </div>
  )
}

/** True while the sidebar's plan box shows its 'Upgrade to Pro' (a Free plan low or out). */
export function useCardOffersUpgrade(): boolean {
  const { data: plan } = usePlan()
  if (!plan) return false
  const state = creditState(plan)
  return state.plan === 'free' && state.level !== 'ok'
}

/** Card (the sidebar's plan box): plan badge, used/limit bar, message, 'Upgrade to Pro'. */
export function CreditCard() {
  const { data: plan, isLoading } = usePlan()
  const labelId = useId()
  if (isLoading || !plan) return <Skeleton className="h-20 w-full rounded-lg" />
  const state = creditState(plan)

  if (state.plan === 'pro') {
    // Pro renews, or (cancelled) ends, at the period's end (decision 014).
    const period = proPeriodText(plan)
    return (
      <div className="rounded-lg border border-border bg-card p-3 text-sm">
        <p className="flex items-center gap-1.5 font-medium">
          <Crown className="size-4 text-warning" aria-hidden="true" /> Pro Plan
        </p>
        <p className="text-muted-foreground">{creditCardMessage(state)}</p>
        {period && <p className="text-xs text-muted-foreground">{period}</p>}
      </div>
    )
  }

  return (
    <div className="space-y-2 rounded-lg border border-border bg-card p-3 text-sm">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-muted-foreground">
          AI emails this month
        </span>
        <Badge variant="outline">Free</Badge>
      </div>
      <Progress value={state.used} max={state.limit} aria-labelledby={labelId} />
      <p className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>{creditCardMessage(state)}</span>
        <span className="font-medium text-foreground tabular-nums" data-testid="credits-used">
          {state.used}/{state.limit}
        </span>
      </p>
      {state.level !== 'ok' && (
        <Button asChild size="sm" className="w-full">
          <Link href="/upgrade">Upgrade to Pro</Link>
        </Button>
      )}
    </div>
  )
}
