import { z } from 'zod'
import type { Draft, EmailMessage } from '../../../../contract/mail'
import { formatAddress, parseAddressList, sameAddress } from './addresses'
import { forwardBlock, replyQuote } from './quote'
import {
  DraftFileSchema,
  draftFilesOf,
  ForwardedFileSchema,
  forwardedFilesOf,
  type DraftFile,
  type ForwardedFile,
} from './attachments'
import { EMPTY_FIELDS, type EditorStart, type Fields, type ReplyTarget } from './use-message-editor'
import { signatureBlock } from '../signature'

/**
 * What the viewer hands to compose through local storage (the spec's
 * hand-off keys), plus what a reply needs to land in the same Gmail thread (decision 032).
 */
export type ComposeHandoff = {
  to: string
  subject: string
  originalSender: string
  originalEmail: string
  replyContext: string
  /** The original's date (ISO), To and subject, for the quote's attribution or forward header. */
  originalDate?: string
  originalTo?: string
  originalSubject?: string
  /** A forward: the original goes below Gmail's header block, not quoted. */
  forward?: boolean
  threadId?: string
  /** Gmail id of the message answered; the server derives In-Reply-To and References. */
  replyToMessageId?: string
  cc?: string
  bcc?: string
  /** Text to start the message with (a smart reply taken on to Compose). */
  body?: string
  /** The AI draft `body` came from, sent back with the e-mail (decision 034). */
  aiDraftId?: string
  /** The Gmail draft the text is saved in (a reopened draft, a reply popped out). */
  draftId?: string
  /** The original's attachments a forward carries on (decision 037). */
  forwardedAttachments?: ForwardedFile[]
  /** The files saved in the reopened draft `draftId`, which the editor fetches (decision 025). */
  draftFiles?: DraftFile[]
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
    originalDate: optional(data.originalDate),
    originalTo: optional(data.originalTo),
    originalSubject: optional(data.originalSubject),
    forward: data.forward === true || undefined,
    threadId: optional(data.threadId),
    replyToMessageId: optional(data.replyToMessageId),
    cc: optional(data.cc),
    bcc: optional(data.bcc),
    body: optional(data.body),
    aiDraftId: optional(data.aiDraftId),
    draftId: optional(data.draftId),
    forwardedAttachments: listOf(ForwardedFileSchema, data.forwardedAttachments),
    draftFiles: optional(data.draftId) ? listOf(DraftFileSchema, data.draftFiles) : undefined,
  }
}

/** A stored list of files, or none when it is not ours to read. */
function listOf<T>(schema: z.ZodType<T>, value: unknown): T[] | undefined {
  const parsed = z.array(schema).max(50).safeParse(value)
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined
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

/** What a reply or forward carries of the original (the spec's reply prefill), as Gmail writes it. */
export function originalMessageBlock(
  handoff: Pick<
    ComposeHandoff,
    | 'originalSender'
    | 'originalEmail'
    | 'replyContext'
    | 'originalDate'
    | 'originalTo'
    | 'originalSubject'
    | 'forward'
  >,
): string {
  const original = {
    name: handoff.originalSender,
    email: handoff.originalEmail,
    date: handoff.originalDate,
    subject: handoff.originalSubject,
    to: handoff.originalTo,
    text: handoff.replyContext,
  }
  return handoff.forward ? forwardBlock(original) : replyQuote(original)
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
    originalDate: message.timestamp,
    originalTo: message.headers.to || message.recipient,
    originalSubject: message.subject || subjectBase,
  }
  if (mode === 'forward') {
    return {
      to: '',
      subject: prefixSubject('Fwd: ', subjectBase),
      ...context,
      forward: true,
      forwardedAttachments: forwardedFilesOf(message),
    }
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

/**
 * What an editor opens with, from a handoff: a reply's text (empty, or a smart reply's) above
 * the quoted original, which the editor folds behind "…" (issue 25). New
 * mail, replies and forwards start with `signature` (if any) below the text, above the quote;
 * a reopened draft or a message carried on already has its own.
 */
export function editorStart(handoff: ComposeHandoff | null, signature = ''): EditorStart {
  const sign = signature ? `\n\n${signatureBlock(signature)}` : ''
  if (!handoff) return { fields: { ...EMPTY_FIELDS, body: sign }, reply: null }
  const hasContext = handoff.replyContext.trim() !== '' || handoff.originalEmail !== ''
  const fresh = !handoff.draftId && !handoff.body
  return {
    fields: {
      to: handoff.to,
      cc: handoff.cc ?? '',
      bcc: handoff.bcc ?? '',
      subject: handoff.subject,
      // A smart reply's text, or room to write, above the signature and the quoted original.
      body: hasContext
        ? `${handoff.body ?? ''}${sign}\n\n${originalMessageBlock(handoff)}`
        : fresh
          ? sign
          : (handoff.body ?? ''),
    },
    reply: handoff.threadId
      ? {
          threadId: handoff.threadId,
          replyToMessageId: handoff.replyToMessageId,
          originalSender: handoff.originalSender,
        }
      : null,
    draftId: handoff.draftId,
    forwarded: handoff.forwardedAttachments,
    draftFiles: handoff.draftId ? handoff.draftFiles : undefined,
  }
}

/** The handoff that carries an editor's message on, as it is (a reply popped out to Compose). */
export function handoffFromEditor(state: {
  fields: Fields
  reply: ReplyTarget | null
  draftId?: string
  forwarded?: ForwardedFile[]
  files?: File[]
  /** Whether the draft holds what the editor holds (its files included). */
  unsaved?: boolean
}): ComposeHandoff {
  const { fields, reply } = state
  // Picked files cannot travel through storage: Compose fetches them from the saved draft,
  // where they come first, in order, before a forward's (the server writes them so).
  const saved = state.draftId !== undefined && !state.unsaved
  const files = saved ? (state.files ?? []) : []
  return {
    ...fields,
    // The quote is already in the text: no context to quote again.
    originalSender: reply?.originalSender ?? '',
    originalEmail: '',
    replyContext: '',
    threadId: reply?.threadId,
    replyToMessageId: reply?.replyToMessageId,
    draftId: state.draftId,
    forwardedAttachments: state.forwarded?.length ? state.forwarded : undefined,
    draftFiles:
      files.length > 0
        ? files.map((file, index) => ({
            index,
            filename: file.name,
            mimeType: file.type || 'application/octet-stream',
            size: file.size,
          }))
        : undefined,
  }
}

/** The handoff that reopens a saved Gmail draft in Compose. */
export function handoffFromDraft(draft: Draft): ComposeHandoff {
  return {
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    subject: draft.subject,
    body: draft.body,
    originalSender: draft.threadId ? draft.to : '',
    originalEmail: '',
    replyContext: '',
    threadId: draft.threadId ?? undefined,
    replyToMessageId: draft.replyToMessageId ?? undefined,
    draftId: draft.id,
    draftFiles: draft.attachments.length > 0 ? draftFilesOf(draft) : undefined,
  }
}
