import { z } from 'zod'

/**
 * The document a message's HTML is shown in (docs/decisions/007). The server serves an empty
 * frame document under its own CSP; the viewer posts it the sanitized markup, and the frame's
 * one script answers with the height of what it shows.
 */
export const MAIL_FRAME_PATH = '/api/mail-frame'

export const MailFrameQuerySchema = z.object({
  /** Whether the frame's CSP lets remote (https) images load: only after "Load images". */
  images: z.enum(['blocked', 'allowed']),
})
export type MailFrameQuery = z.infer<typeof MailFrameQuerySchema>

/** The viewer to the frame: the sanitized markup to show. */
export const MailFrameContentSchema = z.object({ html: z.string() })
export type MailFrameContent = z.infer<typeof MailFrameContentSchema>

/** The frame to the viewer: the height its content needs, in CSS pixels. */
export const MailFrameHeightSchema = z.object({ height: z.number().finite().nonnegative() })
