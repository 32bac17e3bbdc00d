/**
 * The document a message's HTML is shown in (docs/decisions/007). The server serves an empty
 * frame document under its own CSP; the viewer posts it the sanitized markup, and the frame's
 * one script answers with the height of what it shows.
 *
 * Without zod: the thread viewer loads this on the first conversation opened, and the schema
 * library would be evaluated then (decision 036). The server builds its query schema from
 * `MAIL_FRAME_IMAGES`.
 */
export const MAIL_FRAME_PATH = '/api/mail-frame'

/** Whether the frame's CSP lets remote (https) images load: only after "Load images". */
export const MAIL_FRAME_IMAGES = ['blocked', 'allowed'] as const
export type MailFrameQuery = { images: (typeof MAIL_FRAME_IMAGES)[number] }

/** The viewer to the frame: the sanitized markup to show. */
export type MailFrameContent = { html: string }

/**
 * The frame to the viewer: the height its content needs, in CSS pixels. Null for anything
 * that is not `{ height }` with a finite, non-negative number.
 */
export function readFrameHeight(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null
  const height = (data as { height?: unknown }).height
  return typeof height === 'number' && Number.isFinite(height) && height >= 0 ? height : null
}
