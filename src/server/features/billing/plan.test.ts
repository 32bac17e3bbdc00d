import { describe, expect, it } from 'vitest'
import { planInfo } from './plan.js'

const now = new Date('2026-11-15T12:00:00Z')
const FREE_LIMIT = 20
const base = {
  plan: 'free' as const,
  proExpiration: null,
  aiEmailsUsedThisMonth: 3,
  lastUsageReset: new Date('2026-11-01T00:00:00Z'),
  subscriptionStatus: null,
  proRenews: false,
  stripeCustomerId: null,
}

describe('planInfo', () => {
  it('counts this month and allows generation under the Free allowance', () => {
    expect(planInfo(base, FREE_LIMIT, now)).toEqual({
      plan: 'free',
      aiEmailsUsed: 3,
      aiEmailsLimit: 20,
      canGenerateAI: true,
      proExpiration: null,
      proRenews: false,
      paymentPastDue: false,
      canManageBilling: false,
    })
  })

  it('uses the configured allowance', () => {
    expect(planInfo(base, 3, now)).toMatchObject({ aiEmailsLimit: 3, canGenerateAI: false })
  })

  it('blocks generation once the allowance is spent', () => {
    expect(planInfo({ ...base, aiEmailsUsedThisMonth: 20 }, FREE_LIMIT, now).canGenerateAI).toBe(
      false,
    )
  })

  it('treats usage from an earlier month as reset', () => {
    const stale = {
      ...base,
      aiEmailsUsedThisMonth: 20,
      lastUsageReset: new Date('2026-10-31T23:00:00Z'),
    }
    expect(planInfo(stale, FREE_LIMIT, now)).toMatchObject({
      aiEmailsUsed: 0,
      canGenerateAI: true,
    })
  })

  it('uses the configured Free allowance', () => {
    expect(planInfo(base, 3, now)).toMatchObject({ aiEmailsLimit: 3, canGenerateAI: false })
  })

  it('gives Pro unlimited generation until the paid period ends', () => {
    const pro = {
      ...base,
      plan: 'pro' as const,
      proExpiration: new Date('2026-12-01T00:00:00Z'),
      subscriptionStatus: 'active',
      proRenews: true,
      stripeCustomerId: 'cus_1',
    }
    expect(planInfo(pro, FREE_LIMIT, now)).toMatchObject({
      plan: 'pro',
      aiEmailsLimit: null,
      canGenerateAI: true,
      proRenews: true,
      paymentPastDue: false,
      canManageBilling: true,
    })
    expect(planInfo({ ...pro, subscriptionStatus: 'past_due' }, FREE_LIMIT, now)).toMatchObject({
      plan: 'pro',
      paymentPastDue: true,
    })
    const lapsed = { ...pro, proExpiration: new Date('2026-11-01T00:00:00Z') }
    expect(planInfo(lapsed, FREE_LIMIT, now)).toMatchObject({
      plan: 'free',
      aiEmailsLimit: 20,
      proRenews: false,
      paymentPastDue: false,
    })
  })
})
