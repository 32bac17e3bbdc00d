import type { EmailMessage, Thread, ThreadDetail } from '../../../contract/mail.js'
import type { emailMessages, emailThreads } from '../../db/schema.js'
import type { ThreadListRow } from './repository.js'

type MessageRow = typeof emailMessages.$inferSelect
type ThreadRow = typeof emailThreads.$inferSelect
type LabelNames = Record<string, string>

/** Gmail label ids as people read them: system ids as they are, user labels by name. */
function labelNames(ids: string[], names: LabelNames): string[] {
  return ids.map((id) => names[id] ?? id)
}

function headers(m: Omit<MessageRow, 'htmlBody'>) {
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

/** A list row in the spec's thread shape (section 3). */
export function presentThread(row: ThreadListRow, names: LabelNames): Thread {
  const { thread, latest } = row
  return {
    id: thread.threadId,
    subject: thread.subject,
    snippet: thread.snippet,
    body: latest.textBody,
    textBody: latest.textBody,
    htmlBody: null,
    hasHtml: latest.hasHtml,
    sender: { name: latest.fromName, email: latest.fromEmail },
    recipient: latest.toHeader,
    cc: latest.ccHeader,
    timestamp: thread.lastMessageDate.toISOString(),
    labels: labelNames(thread.labels, names),
    isUnread: !thread.isRead,
    isStarred: thread.isStarred,
    headers: headers(latest),
    messageCount: thread.messageCount,
    hasAttachments: thread.hasAttachments,
  }
}

export function presentMessage(m: MessageRow, names: LabelNames): EmailMessage {
  return {
    id: m.gmailId,
    threadId: m.threadId,
    subject: m.subject,
    snippet: m.snippet,
    body: m.textBody,
    textBody: m.textBody,
    htmlBody: m.htmlBody,
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
