import { z } from 'zod'

/** Every API error body: `{ error: { code, message } }`. */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
