import type { ThreadDetail } from '../../../contract/mail'
import type { SmartReplySource } from '../ai/smart-reply-source'

// Its own module, apart from smart-reply-start.ts: the Smart Reply chunk imports this and not
// the thread query, which then stays inside the inbox's chunk (one file less to load first).

/** What Smart Reply answers in a conversation: its latest message. */
export function smartReplySource(threadId: string, detail: ThreadDetail): SmartReplySource | null {
  const latest = detail.messages.at(-1)
  if (!latest) return null
  return {
    threadId,
    senderName: latest.sender.name,
    senderEmail: latest.sender.email,
    subject: detail.subject || latest.subject,
    // The spec: the body, or the snippet when there is none.
    body: latest.textBody || latest.body || latest.snippet,
  }
}
