import type { PlanInfo } from '../../../contract/billing'
import { FALLBACK_AI_LIMIT } from '../../lib/queries/plan'

/** Credits left at or under this are "low" (the spec's threshold). */
export const LOW_CREDIT_THRESHOLD = 1

/** The spec's credit state (section 4), the one place its rules live; every widget reads it. */
export type CreditState =
  | { plan: 'pro'; proExpiration: string | null }
  | {
      plan: 'free'
      used: number
      limit: number
      remaining: number
      level: 'ok' | 'low' | 'exhausted'
      canGenerate: boolean
    }

export function creditState(plan: PlanInfo): CreditState {
  if (plan.plan === 'pro') return { plan: 'pro', proExpiration: plan.proExpiration }
  // Decision 014: the real limit from the server; the spec's 5 only when the server leaves it out.
  const limit = plan.aiEmailsLimit ?? FALLBACK_AI_LIMIT
  const remaining = Math.max(0, limit - plan.aiEmailsUsed)
  const level = remaining === 0 ? 'exhausted' : remaining <= LOW_CREDIT_THRESHOLD ? 'low' : 'ok'
  return {
    plan: 'free',
    used: plan.aiEmailsUsed,
    limit,
    remaining,
    level,
    // The server's word wins: it knows about a month that has just rolled over.
    canGenerate: plan.canGenerateAI,
  }
}

export const UPGRADE_PITCH = 'Upgrade to Pro for unlimited access.'

/** The client-side block's texts (the spec's wording), with the real numbers. */
export function limitReachedMessage(plan: PlanInfo): { title: string; description: string } {
  const state = creditState(plan)
  const usage = state.plan === 'free' ? `${state.used}/${state.limit}` : `${plan.aiEmailsUsed}`
  return {
    title: 'AI Generation Limit Reached',
    description: `You've used ${usage} AI emails this month. ${UPGRADE_PITCH}`,
  }
}

/** The banner's texts (the spec's wording), or null when the banner does not show. */
export function creditBannerMessage(
  state: CreditState,
): { title: string; description: string; exhausted: boolean } | null {
  if (state.plan === 'pro' || state.level === 'ok') return null
  if (state.level === 'exhausted') {
    return {
      title: 'AI Credits Exhausted',
      description: `You have used all ${state.limit} free AI email credits this month. ${UPGRADE_PITCH}`,
      exhausted: true,
    }
  }
  return {
    title: 'Low on AI Credits',
    description: `You have ${state.remaining} AI email ${state.remaining === 1 ? 'credit' : 'credits'} remaining this month.`,
    exhausted: false,
  }
}

/** The card's message under its progress bar. */
export function creditCardMessage(state: CreditState): string {
  if (state.plan === 'pro') return 'Unlimited AI emails'
  if (state.level === 'exhausted') {
    return `You've reached your monthly limit. Credits reset next month or upgrade to Pro for unlimited access.`
  }
  return `${state.remaining} of ${state.limit} AI emails left this month`
}

/**
 * What a generation cost, said beside the draft: "1 credit used · 4 left", or that none was
 * (a failure, or a stop before the first words, is refunded). Pro counts nothing.
 */
export function chargeMessage(state: CreditState | null, spent: boolean): string {
  if (!spent) return 'No credit used'
  if (!state) return '1 credit used'
  if (state.plan === 'pro') return 'Unlimited on Pro'
  return `1 credit used · ${state.remaining} left`
}
