import { z } from 'zod'
import { PLANS } from './options.js'

export const PlanInfoSchema = z.object({
  plan: z.enum(PLANS),
  aiEmailsUsed: z.number().int(),
  aiEmailsLimit: z.number().int().nullable(),
  canGenerateAI: z.boolean(),
  proExpiration: z.string().nullable(),
})
export type PlanInfo = z.infer<typeof PlanInfoSchema>

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

/** One Pro price as configured (D16): the id checkout accepts and the amount every screen shows. */
export const ProPriceSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  /** The payment provider's price id; the only thing checkout accepts from the client. */
  priceId: z.string(),
  /** In the currency's minor unit (cents), as Stripe counts. */
  amountMinor: z.number().int(),
  currency: z.string(),
})
export type ProPrice = z.infer<typeof ProPriceSchema>

/** GET /api/plans (public): the one source of plans and prices for every screen (D16). */
export const PlansSchema = z.object({
  free: z.object({ aiEmailsPerMonth: z.number().int() }),
  pro: z.object({ monthly: ProPriceSchema, yearly: ProPriceSchema }),
})
export type Plans = z.infer<typeof PlansSchema>
