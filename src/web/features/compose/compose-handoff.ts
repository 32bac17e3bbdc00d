import type { EmailMessage } from '../../../contract/mail'
import { formatAddress, parseAddressList, sameAddress } from './addresses'

/**
 * What the viewer hands to compose through local storage (spec section 3, "Compose handoff
 * data"), plus what a reply needs to land in the same Gmail thread (D5).
 */
export type ComposeHandoff = {
  to: string
  subject: string
  originalSender: string
  originalEmail: string
  replyContext: string
  threadId?: string
  /** Gmail id of the message answered; the server derives In-Reply-To and References. */
  replyToMessageId?: string
  cc?: string
  /** Text to start the message with (a smart reply taken on to Compose). */
  body?: string
  /** The AI draft `body` came from, sent back with the e-mail (D13). */
  aiDraftId?: string
}

export const COMPOSE_STORAGE_KEY = 'composeData'

export function writeComposeHandoff(data: ComposeHandoff): void {
  localStorage.setItem(COMPOSE_STORAGE_KEY, JSON.stringify(data))
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')
const optional = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/** The stored handoff, or null when there is none or it is not ours to read. */
export function readComposeHandoff(): ComposeHandoff | null {
  let raw: unknown
  try {
    raw = JSON.parse(localStorage.getItem(COMPOSE_STORAGE_KEY) ?? 'null')
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null) return null
  const data = raw as Record<string, unknown>
  return {
    to: str(data.to),
    subject: str(data.subject),
    originalSender: str(data.originalSender),
    originalEmail: str(data.originalEmail),
    replyContext: str(data.replyContext),
    threadId: optional(data.threadId),
    replyToMessageId: optional(data.replyToMessageId),
    cc: optional(data.cc),
    body: optional(data.body),
    aiDraftId: optional(data.aiDraftId),
  }
}

export function clearComposeHandoff(): void {
  localStorage.removeItem(COMPOSE_STORAGE_KEY)
}

const PREFIXES = { 'Re: ': /^\s*re\s*:/i, 'Fwd: ': /^\s*(?:fwd?|fw)\s*:/i } as const

/** 'Re: ' or 'Fwd: ' in front of the subject, once: an existing one (any case) is kept. */
export function prefixSubject(prefix: keyof typeof PREFIXES, subject: string): string {
  const trimmed = subject.trim()
  return PREFIXES[prefix].test(trimmed) ? trimmed : `${prefix}${trimmed}`
}

export const ORIGINAL_MESSAGE_MARKER = '-------- Original Message --------'

/** The block a reply context appends to the message (spec section 4, "Compose prefill"). */
export function originalMessageBlock(
  handoff: Pick<ComposeHandoff, 'originalSender' | 'originalEmail' | 'replyContext'>,
): string {
  const from = handoff.originalEmail
    ? formatAddress({ name: handoff.originalSender, email: handoff.originalEmail })
    : handoff.originalSender
  const quoted = handoff.replyContext
    .replace(/\r\n/g, '\n')
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')
  return `${ORIGINAL_MESSAGE_MARKER}\nFrom: ${from}\n\n${quoted}`
}

export type ReplyMode = 'reply' | 'replyAll' | 'forward'

/**
 * The handoff for answering `message` (the latest of its thread). A reply goes to Reply-To or
 * the sender — or, when the user sent that message, to its recipients again; reply all adds
 * every other recipient except the user; forward starts with no recipient and a new thread.
 */
export function buildReplyHandoff(
  mode: ReplyMode,
  message: EmailMessage,
  threadSubject: string,
  myEmail: string,
): ComposeHandoff {
  const subjectBase = threadSubject || message.subject
  const context = {
    originalSender: message.sender.name || message.sender.email,
    originalEmail: message.sender.email,
    replyContext: message.textBody || message.body || message.snippet,
  }
  if (mode === 'forward') {
    return { to: '', subject: prefixSubject('Fwd: ', subjectBase), ...context }
  }

  const isMe = (email: string) => myEmail !== '' && sameAddress(email, myEmail)
  const fromMe = isMe(message.sender.email)
  const toList = parseAddressList(message.headers.to || message.recipient)
  const replyTo = parseAddressList(message.headers.replyTo)
  const primary = fromMe ? toList : replyTo.length > 0 ? replyTo : [message.sender]

  const seen = new Set(primary.map((a) => a.email.toLowerCase()))
  const others =
    mode === 'replyAll'
      ? [...toList, ...parseAddressList(message.headers.cc || message.cc)].filter((a) => {
          const key = a.email.toLowerCase()
          if (isMe(a.email) || seen.has(key)) return false
          seen.add(key)
          return true
        })
      : []

  return {
    to: primary.map(formatAddress).join(', '),
    ...(others.length > 0 ? { cc: others.map(formatAddress).join(', ') } : {}),
    subject: prefixSubject('Re: ', subjectBase),
    ...context,
    threadId: message.threadId,
    replyToMessageId: message.id,
  }
}
