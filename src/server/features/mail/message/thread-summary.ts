import type { ParsedMessage } from './parsed-message.js'

export type ThreadSummary = {
  threadId: string
  subject: string
  snippet: string
  participants: string[]
  lastMessageDate: Date
  latestMessageId: string
  messageCount: number
  hasAttachments: boolean
  isRead: boolean
  isStarred: boolean
  labels: string[]
  historyId: string | null
  metadataOnly: boolean
}

type SummaryInput = Pick<
  ParsedMessage,
  | 'gmailId'
  | 'threadId'
  | 'internalDate'
  | 'labels'
  | 'snippet'
  | 'subject'
  | 'fromName'
  | 'fromEmail'
  | 'historyId'
> & { attachments: unknown[]; metadataOnly?: boolean }

/** A participant as stored: 'Ben Ode <ben@x.io>', or the bare address when there is no name. */
export function participantEntry(name: string, email: string): string {
  return name && name !== email ? `${name} <${email}>` : email
}

/** A stored participant back as name and address (older rows hold only the address). */
export function parseParticipant(entry: string): { name: string; email: string } {
  const match = /^(.*) <([^<>]+)>$/.exec(entry)
  return match ? { name: match[1]!, email: match[2]! } : { name: '', email: entry }
}

/** Each sender once (by address), in the order they first wrote. */
function participantsOf(messages: readonly SummaryInput[]): string[] {
  const seen = new Map<string, string>()
  for (const m of messages) {
    const key = m.fromEmail.toLowerCase()
    if (key && !seen.has(key)) seen.set(key, participantEntry(m.fromName, m.fromEmail))
  }
  return [...seen.values()]
}

const byHistory = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : BigInt(a) >= BigInt(b) ? a : b

/**
 * What Gmail shows for a conversation, derived from its messages: the first subject, the
 * latest message's snippet and date, and the union of the labels (a thread is in the inbox,
 * unread or starred when any of its messages is).
 */
export function summarizeThread(messages: readonly SummaryInput[]): ThreadSummary | null {
  if (messages.length === 0) return null
  const ordered = [...messages].sort((a, b) => a.internalDate.getTime() - b.internalDate.getTime())
  const first = ordered[0]!
  const latest = ordered.at(-1)!
  const labels = new Set<string>()
  for (const m of ordered) for (const l of m.labels) labels.add(l)
  return {
    threadId: first.threadId,
    subject: first.subject || latest.subject,
    snippet: latest.snippet,
    participants: participantsOf(ordered),
    lastMessageDate: latest.internalDate,
    latestMessageId: latest.gmailId,
    messageCount: ordered.length,
    hasAttachments: ordered.some((m) => m.attachments.length > 0),
    isRead: !labels.has('UNREAD'),
    isStarred: labels.has('STARRED'),
    labels: [...labels].sort(),
    historyId: ordered.reduce<string | null>((acc, m) => byHistory(acc, m.historyId), null),
    metadataOnly: ordered.some((m) => m.metadataOnly === true),
  }
}
