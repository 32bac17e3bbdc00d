import { Crown } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '../../components/ui/button'
import { Progress } from '../../components/ui/progress'
import { Skeleton } from '../../components/ui/skeleton'
import { FALLBACK_AI_LIMIT, usePlan } from './api/get-plan'
import { proPeriodText } from './plan-dates'

/** The sidebar's plan box: Pro and when it renews or ends, or the Free usage this month. */
export function PlanBox() {
  const { data: plan, isLoading } = usePlan()
  if (isLoading || !plan) return <Skeleton className="h-20 w-full rounded-lg" />

  if (plan.plan === 'pro') {
    const period = proPeriodText(plan)
    return (
      <div className="rounded-lg border border-border bg-card p-3 text-sm">
        <p className="flex items-center gap-1.5 font-medium">
          <Crown className="size-4 text-warning" aria-hidden="true" /> Pro Plan
        </p>
        <p className="text-muted-foreground">Unlimited</p>
        {period && <p className="text-xs text-muted-foreground">{period}</p>}
      </div>
    )
  }

  const limit = plan.aiEmailsLimit ?? FALLBACK_AI_LIMIT
  return (
    <div className="space-y-2 rounded-lg border border-border bg-card p-3 text-sm">
      <div className="flex items-baseline justify-between">
        <span id="plan-usage-label" className="text-muted-foreground">
          AI emails this month
        </span>
        <span className="font-medium tabular-nums">
          {plan.aiEmailsUsed}/{limit}
        </span>
      </div>
      <Progress value={plan.aiEmailsUsed} max={limit} aria-labelledby="plan-usage-label" />
      {!plan.canGenerateAI && (
        <Button asChild size="sm" className="w-full">
          <Link href="/upgrade">Upgrade to Pro</Link>
        </Button>
      )}
    </div>
  )
}
