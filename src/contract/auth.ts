import { z } from 'zod'

export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  gmailConnected: z.boolean(),
  isAdmin: z.boolean(),
  /** The first sign-in's onboarding was finished or skipped: it does not open by itself again. */
  hasCompletedOnboarding: z.boolean(),
  /** The onboarding (the tour) has been shown at least once. */
  hasSeenTutorial: z.boolean(),
})
export type CurrentUser = z.infer<typeof CurrentUserSchema>

/**
 * PATCH /api/user/onboarding: flags only ever go from false to true (the Tutorial button
 * restarts the tour without clearing them), so a stray request cannot bring the onboarding back.
 */
export const OnboardingUpdateSchema = z
  .object({ completed: z.literal(true).optional(), tutorialSeen: z.literal(true).optional() })
  .strict()
export type OnboardingUpdate = z.infer<typeof OnboardingUpdateSchema>

export const OnboardingStateSchema = CurrentUserSchema.pick({
  hasCompletedOnboarding: true,
  hasSeenTutorial: true,
})
export type OnboardingState = z.infer<typeof OnboardingStateSchema>

export const GoogleLoginQuerySchema = z.object({
  intent: z.enum(['signin', 'connect']).default('signin'),
  /** Ask Google for consent again: set when a sign-in came back without a refresh token. */
  prompt: z.enum(['consent']).optional(),
})

export const GoogleCallbackQuerySchema = z.object({
  code: z.string().min(1).optional(),
  state: z.string().min(1).optional(),
  error: z.string().optional(),
})

/** What the client needs to know about this server (decision 030's "Demo" badge). */
export const MetaSchema = z.object({
  /** True when Google is the local stand-in: the UI says so. */
  demo: z.boolean(),
})
export type Meta = z.infer<typeof MetaSchema>
