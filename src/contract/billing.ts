import { z } from 'zod'
import { PLANS } from './options.js'

export const PlanInfoSchema = z.object({
  plan: z.enum(PLANS),
  aiEmailsUsed: z.number().int(),
  aiEmailsLimit: z.number().int().nullable(),
  canGenerateAI: z.boolean(),
  /** Pro: when the paid period ends (it renews then, unless `proRenews` is false). */
  proExpiration: z.string().nullable(),
  /** Pro that renews at `proExpiration`; false once cancelled (access lasts until then). */
  proRenews: z.boolean(),
  /** The last renewal payment failed; Pro continues while the payment provider retries. */
  paymentPastDue: z.boolean(),
  /** The user has a billing account to manage (a payment provider customer). */
  canManageBilling: z.boolean(),
})
export type PlanInfo = z.infer<typeof PlanInfoSchema>

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

/** One Pro price as configured (decision 014): the id checkout accepts and the amount every screen shows. */
export const ProPriceSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  /** The payment provider's price id; the only thing checkout accepts from the client. */
  priceId: z.string(),
  /** In the currency's minor unit (cents), as Stripe counts. */
  amountMinor: z.number().int(),
  currency: z.string(),
})
export type ProPrice = z.infer<typeof ProPriceSchema>

/** GET /api/plans (public): the one source of plans and prices for every screen (decision 014). */
export const PlansSchema = z.object({
  free: z.object({ aiEmailsPerMonth: z.number().int() }),
  pro: z.object({ monthly: ProPriceSchema, yearly: ProPriceSchema }),
})
export type Plans = z.infer<typeof PlansSchema>

/** POST /api/create-checkout-session: the client names a configured price, never an amount. */
export const CheckoutSessionInputSchema = z.object({
  priceId: z.string().min(1, 'Choose a plan'),
  planType: z.enum(BILLING_INTERVALS),
})
export type CheckoutSessionInput = z.infer<typeof CheckoutSessionInputSchema>

/** Where to send the browser to pay: the payment provider's hosted checkout. */
export const CheckoutSessionSchema = z.object({ sessionId: z.string(), url: z.url() })
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>

/** POST /api/billing-portal-session: the payment provider's page to manage the subscription. */
export const BillingPortalSessionSchema = z.object({ url: z.url() })
export type BillingPortalSession = z.infer<typeof BillingPortalSessionSchema>

/**
 * What each plan includes besides the AI allowance (the spec's lists), for every screen that
 * compares plans. The Free allowance is not here: it comes from GET /api/plans.
 */
export const FREE_PLAN_FEATURES = [
  'Contact management',
  'Gmail integration',
  'Basic email templates',
] as const
export const PRO_PLAN_FEATURES = [
  'Unlimited AI emails',
  'Advanced contact profiles',
  'Email scheduling',
  'Priority support',
  'Custom templates',
] as const
