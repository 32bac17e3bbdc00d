import type { ReplyOptionsInput, SmartReplyInput } from '../../../contract/ai'

/** The message being answered, as the Smart Reply dialog shows and sends it. */
export type SmartReplySource = {
  threadId: string
  senderName: string
  senderEmail: string
  subject: string
  /** The original's text (its body, or the snippet when it has none). */
  body: string
}

// Type-only imports above: this file is in the inbox's first bundle (the click that opens Smart
// Reply asks for its options), where zod must not be (decision 036).

/**
 * The reply options' input for a source. The click that opens the dialog and the dialog itself
 * both build it here, so they ask with the same query key and the dialog finds the click's
 * request in flight instead of asking again.
 */
export function replyOptionsInput(source: SmartReplySource): ReplyOptionsInput {
  return {
    originalEmailBody: source.body,
    senderEmail: source.senderEmail || undefined,
    threadId: source.threadId,
    subject: source.subject || undefined,
  }
}

/**
 * The smart reply's input for a source and what the reply should say (blank: the writer
 * decides); `signedBelow` when the user's Gmail signature goes under it.
 */
export function smartReplyInput(
  source: SmartReplySource,
  instruction: string,
  signedBelow = false,
): SmartReplyInput {
  return {
    originalEmailBody: source.body,
    // The server uses the sender's saved contact when there is one (decision 034).
    senderEmail: source.senderEmail || undefined,
    contactName: source.senderName || undefined,
    threadId: source.threadId,
    subject: source.subject || undefined,
    instruction: instruction.trim() || undefined,
    ...(signedBelow ? { signedBelow } : {}),
  }
}
