import { Sparkles } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { FALLBACK_AI_LIMIT, usePlan } from '../../billing/api/get-plan'

/**
 * The inbox's AI-credit banner (spec sections 2 and 8): only for a Free plan that is low
 * (1 credit or fewer left) or exhausted, with the real monthly limit in its text (D16).
 */
export function CreditBanner() {
  const { data: plan } = usePlan()
  if (!plan || plan.plan === 'pro') return null
  const limit = plan.aiEmailsLimit ?? FALLBACK_AI_LIMIT
  const remaining = Math.max(0, limit - plan.aiEmailsUsed)
  if (remaining > 1) return null
  const exhausted = remaining === 0

  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-md border px-3 py-2 text-sm',
        exhausted ? 'border-destructive/40 bg-destructive/8' : 'border-warning/60 bg-warning/15',
      )}
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{exhausted ? 'AI Credits Exhausted' : 'Low on AI Credits'}</p>
        <p className="text-xs text-muted-foreground">
          {exhausted
            ? `You have used all ${limit} free AI email credits this month. Upgrade to Pro for unlimited access.`
            : `You have ${remaining} AI email ${remaining === 1 ? 'credit' : 'credits'} remaining this month.`}
        </p>
      </div>
      <Button asChild size="sm" variant={exhausted ? 'default' : 'outline'}>
        <Link href="/upgrade">Upgrade</Link>
      </Button>
    </div>
  )
}
