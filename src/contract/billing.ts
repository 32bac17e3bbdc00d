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
