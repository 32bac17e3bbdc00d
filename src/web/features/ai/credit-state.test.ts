import { describe, expect, it } from 'vitest'
import type { PlanInfo } from '../../../contract/billing'
import {
  creditBannerMessage,
  creditCardMessage,
  creditState,
  limitReachedMessage,
} from './credit-state'

const free = (used: number, limit: number | null, canGenerateAI = used < (limit ?? 5)) =>
  ({
    plan: 'free',
    aiEmailsUsed: used,
    aiEmailsLimit: limit,
    canGenerateAI,
    proExpiration: null,
    proRenews: false,
    paymentPastDue: false,
    canManageBilling: false,
  }) satisfies PlanInfo

describe('the credit state', () => {
  it('is low at one credit left and exhausted at none, never below zero', () => {
    expect(creditState(free(18, 20))).toMatchObject({ remaining: 2, level: 'ok' })
    expect(creditState(free(19, 20))).toMatchObject({ remaining: 1, level: 'low' })
    expect(creditState(free(20, 20))).toMatchObject({ remaining: 0, level: 'exhausted' })
    expect(creditState(free(23, 20))).toMatchObject({ remaining: 0, level: 'exhausted' })
  })

  it('uses the server limit, and 5 only when the server leaves it out', () => {
    expect(creditState(free(3, 20))).toMatchObject({ limit: 20, remaining: 17 })
    expect(creditState(free(3, null))).toMatchObject({ limit: 5, remaining: 2 })
  })

  it('lets the server decide whether a generation is allowed', () => {
    // The month rolled over: the count is stale, the server already allows it.
    expect(creditState(free(20, 20, true))).toMatchObject({ canGenerate: true })
  })

  it('is unlimited on Pro, with no banner', () => {
    const pro: PlanInfo = { ...free(50, 20), plan: 'pro', proExpiration: '2027-01-01' }
    expect(creditState(pro)).toEqual({ plan: 'pro', proExpiration: '2027-01-01' })
    expect(creditBannerMessage(creditState(pro))).toBeNull()
  })
})

describe('the credit texts', () => {
  it('quote the real limit', () => {
    expect(creditBannerMessage(creditState(free(20, 20)))?.description).toBe(
      'You have used all 20 free AI email credits this month. Upgrade to Pro for unlimited access.',
    )
    expect(creditBannerMessage(creditState(free(19, 20)))).toMatchObject({
      title: 'Low on AI Credits',
      description: 'You have 1 AI email credit remaining this month.',
    })
    expect(creditBannerMessage(creditState(free(10, 20)))).toBeNull()
    expect(limitReachedMessage(free(20, 20))).toEqual({
      title: 'AI Generation Limit Reached',
      description: "You've used 20/20 AI emails this month. Upgrade to Pro for unlimited access.",
    })
    expect(creditCardMessage(creditState(free(20, 20)))).toBe(
      "You've reached your monthly limit. Credits reset next month or upgrade to Pro for unlimited access.",
    )
  })
})
