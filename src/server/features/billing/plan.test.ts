import { describe, expect, it } from 'vitest'
import { planInfo } from './plan.js'

const now = new Date('2026-11-15T12:00:00Z')
const base = {
  plan: 'free' as const,
  proExpiration: null,
  aiEmailsUsedThisMonth: 3,
  lastUsageReset: new Date('2026-11-01T00:00:00Z'),
}

describe('planInfo', () => {
  it('counts this month and allows generation under the Free allowance', () => {
    expect(planInfo(base, 20, now)).toEqual({
      plan: 'free',
      aiEmailsUsed: 3,
      aiEmailsLimit: 20,
      canGenerateAI: true,
      proExpiration: null,
    })
  })

  it('blocks generation once the allowance is spent', () => {
    expect(planInfo({ ...base, aiEmailsUsedThisMonth: 20 }, 20, now).canGenerateAI).toBe(false)
  })

  it('treats usage from an earlier month as reset', () => {
    const stale = {
      ...base,
      aiEmailsUsedThisMonth: 20,
      lastUsageReset: new Date('2026-10-31T23:00:00Z'),
    }
    expect(planInfo(stale, 20, now)).toMatchObject({ aiEmailsUsed: 0, canGenerateAI: true })
  })

  it('uses the configured Free allowance', () => {
    expect(planInfo(base, 3, now)).toMatchObject({ aiEmailsLimit: 3, canGenerateAI: false })
  })

  it('gives Pro unlimited generation until the paid period ends', () => {
    const pro = { ...base, plan: 'pro' as const, proExpiration: new Date('2026-12-01T00:00:00Z') }
    expect(planInfo(pro, 20, now)).toMatchObject({
      plan: 'pro',
      aiEmailsLimit: null,
      canGenerateAI: true,
    })
    const lapsed = { ...pro, proExpiration: new Date('2026-11-01T00:00:00Z') }
    expect(planInfo(lapsed, 20, now)).toMatchObject({ plan: 'free', aiEmailsLimit: 20 })
  })
})
