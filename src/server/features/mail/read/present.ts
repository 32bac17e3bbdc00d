import type { EmailMessage, Thread, ThreadDetail } from '../../../../contract/mail.js'
import { attachmentPath } from '../../../../contract/mail-paths.js'
import type { StoredAttachment } from '../../../db/schema.js'
import type { emailThreads } from '../../../db/schema.js'
import type { MessageRow, ThreadListRow } from '../store/thread-reads-repository.js'
import { parseParticipant, type ThreadSummary } from '../message/thread-summary.js'

type ThreadRow = typeof emailThreads.$inferSelect
type LabelNames = Record<string, string>

/** Gmail label ids as people read them: system ids as they are, user labels by name. */
function labelNames(ids: string[], names: LabelNames): string[] {
  return ids.map((id) => names[id] ?? id)
}

function headers(m: Omit<MessageRow, 'htmlBody' | 'textBody' | 'metadataOnly'>) {
  return {
    from: m.fromName && m.fromName !== m.fromEmail ? `${m.fromName} <${m.fromEmail}>` : m.fromEmail,
    to: m.toHeader,
    cc: m.ccHeader,
    bcc: m.bccHeader,
    date: m.dateHeader,
    subject: m.subject,
    messageId: m.messageIdHeader,
    replyTo: m.replyTo,
  }
}

/** A list row in the spec's thread shape (section 3): a cached thread, or one from Gmail. */
export function presentThread(
  row: {
    thread: ThreadSummary & { listDate?: Date; snoozedBackAt?: Date | null }
    latest: ThreadListRow['latest']
  },
  names: LabelNames,
): Thread {
  const { thread, latest } = row
  // A cached thread sorts by its list date (a snooze's return, if later than its last message).
  const listDate = thread.listDate ?? thread.lastMessageDate
  const snoozedBack = Boolean(
    thread.snoozedBackAt && thread.snoozedBackAt >= thread.lastMessageDate,
  )
  return {
    id: thread.threadId,
    participants: thread.participants.map(parseParticipant),
    subject: thread.subject,
    snippet: thread.snippet,
    hasHtml: latest.hasHtml,
    sender: { name: latest.fromName, email: latest.fromEmail },
    recipient: latest.toHeader,
    cc: latest.ccHeader,
    timestamp: listDate.toISOString(),
    labels: labelNames(thread.labels, names),
    isUnread: !thread.isRead,
    isStarred: thread.isStarred,
    headers: headers(latest),
    messageCount: thread.messageCount,
    hasAttachments: thread.hasAttachments,
    partial: thread.metadataOnly,
    ...(snoozedBack ? { snoozedBack } : {}),
  }
}

/** `src="cid:…"` (any quoting, any case of the scheme) in a message's HTML. */
const CID_SRC = /(\bsrc\s*=\s*["']?\s*)cid:([^"'\s>]+)/gi

/**
 * A message's HTML with each `cid:` image that names one of its own parts pointing at that
 * part's attachment URL (decision 037), which serves it to this user only. A `cid:` naming no
 * part of this message is left as it is, and the viewer's sanitizer drops it. Only the path is
 * written: the viewer fetches it with the session and shows it as a data: image, so the mail
 * frame still loads nothing.
 */
export function linkInlineImages(
  html: string,
  messageId: string,
  attachments: StoredAttachment[],
): string {
  const byContentId = new Map<string, string>()
  for (const a of attachments) {
    if (a.contentId) byContentId.set(a.contentId.toLowerCase(), a.attachmentId)
  }
  if (byContentId.size === 0) return html
  return html.replace(CID_SRC, (whole, prefix: string, raw: string) => {
    let id = raw
    try {
      id = decodeURIComponent(raw)
    } catch {
      // Not percent-encoded after all: compared as written.
    }
    const attachmentId = byContentId.get(id.toLowerCase())
    return attachmentId ? `${prefix}${attachmentPath(messageId, attachmentId)}` : whole
  })
}

export function presentMessage(m: MessageRow, names: LabelNames): EmailMessage {
  return {
    id: m.gmailId,
    threadId: m.threadId,
    subject: m.subject,
    snippet: m.snippet,
    body: m.textBody,
    textBody: m.textBody,
    htmlBody: m.htmlBody === null ? null : linkInlineImages(m.htmlBody, m.gmailId, m.attachments),
    hasHtml: m.htmlBody !== null,
    sender: { name: m.fromName, email: m.fromEmail },
    recipient: m.toHeader,
    cc: m.ccHeader,
    timestamp: m.internalDate.toISOString(),
    labels: labelNames(m.labels, names),
    isUnread: m.labels.includes('UNREAD'),
    isStarred: m.labels.includes('STARRED'),
    headers: headers(m),
    inReplyTo: m.inReplyTo,
    references: m.referencesHeader,
    attachments: m.attachments,
  }
}

export function presentThreadDetail(
  detail: { thread: ThreadRow; messages: MessageRow[] },
  names: LabelNames,
): ThreadDetail {
  return {
    id: detail.thread.threadId,
    subject: detail.thread.subject,
    labels: labelNames(detail.thread.labels, names),
    isUnread: !detail.thread.isRead,
    isStarred: detail.thread.isStarred,
    messages: detail.messages.map((m) => presentMessage(m, names)),
  }
}
