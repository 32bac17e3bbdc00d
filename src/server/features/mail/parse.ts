import type { gmail_v1 } from '@googleapis/gmail'
import { addressParser, decodeWords } from 'postal-mime'
import type { StoredAttachment } from '../../db/schema.js'

export type ParsedMessage = {
  gmailId: string
  threadId: string
  historyId: string | null
  internalDate: Date
  labels: string[]
  snippet: string
  subject: string
  fromName: string
  fromEmail: string
  toHeader: string
  ccHeader: string
  bccHeader: string
  replyTo: string
  dateHeader: string
  messageIdHeader: string
  inReplyTo: string
  referencesHeader: string
  textBody: string
  htmlBody: string | null
  attachments: StoredAttachment[]
}

/** The first address of a header value, as name and lower-case address. */
export function parseAddress(value: string): { name: string; email: string } {
  const [first] = addressParser(value, { flatten: true })
  const email = (first?.address ?? value).trim().toLowerCase()
  return { name: first?.name?.trim() || email, email }
}

function decode(data: string | null | undefined): string {
  return data ? Buffer.from(data, 'base64url').toString('utf8') : ''
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
}

/** A readable plain-text rendering of an HTML body, for search and the plain view. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? ' ')
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

function walk(
  part: gmail_v1.Schema$MessagePart,
  found: { text?: string; html?: string; attachments: StoredAttachment[] },
) {
  const mime = (part.mimeType ?? '').toLowerCase()
  if (part.filename && part.body?.attachmentId) {
    found.attachments.push({
      attachmentId: part.body.attachmentId,
      filename: decodeWords(part.filename),
      mimeType: mime || 'application/octet-stream',
      size: part.body.size ?? 0,
    })
    return
  }
  if (mime === 'text/plain' && found.text === undefined) found.text = decode(part.body?.data)
  else if (mime === 'text/html' && found.html === undefined) found.html = decode(part.body?.data)
  for (const child of part.parts ?? []) walk(child, found)
}

/** Turns a Gmail message (format=full) into the row the cache stores. */
export function parseGmailMessage(message: gmail_v1.Schema$Message): ParsedMessage {
  const payload = message.payload ?? {}
  const headers = new Map<string, string>()
  for (const h of payload.headers ?? []) {
    const name = (h.name ?? '').toLowerCase()
    if (!headers.has(name)) headers.set(name, h.value ?? '')
  }
  // Gmail may pass RFC 2047 encoded words through (=?UTF-8?Q?...?=); decode them once here.
  const header = (name: string) => decodeWords(headers.get(name) ?? '')
  const found: { text?: string; html?: string; attachments: StoredAttachment[] } = {
    attachments: [],
  }
  walk(payload, found)
  const html = found.html ?? null
  const from = parseAddress(header('from'))
  return {
    gmailId: message.id ?? '',
    threadId: message.threadId ?? message.id ?? '',
    historyId: message.historyId ?? null,
    internalDate: new Date(
      Number(message.internalDate ?? Date.parse(header('date')) ?? Date.now()),
    ),
    labels: message.labelIds ?? [],
    snippet: message.snippet ?? '',
    subject: header('subject'),
    fromName: from.name,
    fromEmail: from.email,
    toHeader: header('to'),
    ccHeader: header('cc'),
    bccHeader: header('bcc'),
    replyTo: header('reply-to'),
    dateHeader: header('date'),
    messageIdHeader: header('message-id'),
    inReplyTo: header('in-reply-to'),
    referencesHeader: header('references'),
    textBody: found.text ?? (html ? htmlToText(html) : ''),
    htmlBody: html,
    attachments: found.attachments,
  }
}
