import { REFINE_ACTIONS, type RefineAction } from '../../../contract/ai'
import { Button } from '../../components/ui/button'
import { usePlan } from '../../lib/queries/plan'
import { chargeMessage, creditState } from './credit-state'
import type { DraftCharge, DraftPhase } from './use-draft-stream'

/** The refine buttons' words, in the contract's order. */
export const REFINE_LABELS: Record<RefineAction, string> = {
  shorter: 'Shorter',
  longer: 'Longer',
  'more-formal': 'More formal',
  'more-casual': 'More casual',
  'fix-grammar': 'Fix grammar',
}

/** The buttons under a draft that rewrite it (one credit each), in a group named for them. */
export function RefineButtons({
  label,
  disabled,
  onRefine,
}: {
  /** The group's accessible name ("Refine the reply"). */
  label: string
  disabled: boolean
  onRefine: (action: RefineAction) => void
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {REFINE_ACTIONS.map((action) => (
        <Button
          key={action}
          type="button"
          size="sm"
          variant="secondary"
          className="h-7"
          disabled={disabled}
          title={`${REFINE_LABELS[action]}: rewrites the draft, 1 credit`}
          onClick={() => onRefine(action)}
        >
          {REFINE_LABELS[action]}
        </Button>
      ))}
    </div>
  )
}

/**
 * The generation's state in words, in a live region that is always there, so every change is
 * announced: writing, then what it cost ("1 credit used · 4 left", or that none was).
 */
export function DraftStatus({
  phase,
  charge,
  waiting,
}: {
  phase: DraftPhase
  charge: DraftCharge | null
  /** Said while the first words are awaited ("Writing your reply…"). */
  waiting: string
}) {
  const { data: plan } = usePlan()
  let message = ''
  if (phase === 'waiting') message = waiting
  else if (phase === 'streaming') message = 'Writing…'
  else if (charge) {
    const spent = charge === 'spent'
    const cost = chargeMessage(plan ? creditState(plan) : null, spent)
    if (phase === 'cancelled') {
      message = spent
        ? `Stopped; what was written is kept. ${cost}`
        : `Stopped before any words. ${cost}`
    } else if (phase === 'failed') {
      message = `Nothing was written. ${cost}`
    } else {
      message = cost
    }
  }
  return (
    <p
      role="status"
      aria-live="polite"
      className="min-h-4 text-xs text-muted-foreground tabular-nums"
      data-testid="ai-status"
    >
      {message}
    </p>
  )
}
