import { describe, expect, it } from 'vitest'
import type { PlanInfo } from '../../contract/billing'
import { proPeriodText } from './plan-dates'

const PRO: PlanInfo = {
  plan: 'pro',
  aiEmailsUsed: 3,
  aiEmailsLimit: null,
  canGenerateAI: true,
  proExpiration: '2026-12-01T12:00:00.000Z',
  proRenews: true,
  paymentPastDue: false,
  canManageBilling: true,
}

describe('the plan box line under Pro', () => {
  it('says when Pro renews, or ends once cancelled', () => {
    expect(proPeriodText(PRO)).toMatch(/^Renews Dec 1, 2026$/)
    expect(proPeriodText({ ...PRO, proRenews: false })).toMatch(/^Ends Dec 1, 2026$/)
  })

  it('after a failed payment says the payment failed, not that it renews', () => {
    const text = proPeriodText({ ...PRO, paymentPastDue: true })
    expect(text).toMatch(/payment failed/i)
    expect(text).not.toMatch(/renews/i)
  })

  it('says nothing for Free', () => {
    expect(proPeriodText({ ...PRO, plan: 'free', aiEmailsLimit: 20 })).toBeNull()
  })
})
