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

/** The plans' allowance and prices as the server is configured (decision 014). */
export type PlanPrices = {
  free: { aiEmailsPerMonth: number }
  pro: { monthly: ProPrice; yearly: ProPrice }
}

/**
 * What each plan includes besides the AI allowance: the one list the landing page, Upgrade and
 * Subscribe show (decision 051), served with the prices by GET /api/plans. Name only what the
 * app does. The Free allowance is not here: it is a number the configuration sets.
 */
export const PLAN_FEATURES = {
  free: ['Contact management', 'Gmail integration', 'Basic email templates'],
  pro: [
    'Unlimited AI emails',
    'Advanced contact profiles',
    // Send later (issue 24, item 1): remove this line if send-later is not shipped.
    'Email scheduling',
    'Priority support',
    'Custom templates',
  ],
} as const satisfies Record<'free' | 'pro', readonly string[]>

/** GET /api/plans (public): the one source of plans, prices and features for every screen (decision 014). */
export const PlansSchema = z.object({
  free: z.object({ aiEmailsPerMonth: z.number().int(), features: z.array(z.string()) }),
  pro: z.object({
    monthly: ProPriceSchema,
    yearly: ProPriceSchema,
    features: z.array(z.string()),
  }),
})
export type Plans = z.infer<typeof PlansSchema>

/** The configured prices with each plan's features: what GET /api/plans answers. */
export function withPlanFeatures(prices: PlanPrices): Plans {
  return {
    free: { ...prices.free, features: [...PLAN_FEATURES.free] },
    pro: { ...prices.pro, features: [...PLAN_FEATURES.pro] },
  }
}

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
