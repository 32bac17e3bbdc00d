import type { GmailMessage, GmailMessagePart } from '../gmail/types.js'
import { TextDecoder } from 'node:util'
import { addressParser, decodeWords } from 'postal-mime'
import type { StoredAttachment } from '../../../db/schema.js'
import type { ParsedMessage } from './parsed-message.js'
import { isStorableInstant, ROW_LIMITS } from './storable.js'

/** The first address of a header value, as name and lower-case address. */
export function parseAddress(value: string): { name: string; email: string } {
  let first: { name?: string; address?: string } | undefined
  try {
    ;[first] = addressParser(value, { flatten: true })
  } catch {
    // Not an address list at all: the header's text is all there is to show.
  }
  const email = (first?.address ?? value).trim().toLowerCase()
  return { name: first?.name?.trim() || email, email }
}

/** Every address of a header value ('Ben <ben@x.io>, kim@y.io'), lower-case; none when unreadable. */
export function parseAddresses(value: string): { name: string; email: string }[] {
  try {
    return addressParser(value, { flatten: true })
      .filter((a) => a.address)
      .map((a) => ({ name: a.name?.trim() ?? '', email: a.address!.trim().toLowerCase() }))
  } catch {
    return []
  }
}

/**
 * How deep a MIME tree is followed and how many parts are looked at: real mail nests a few
 * levels and has tens of parts; a hostile message can nest thousands to exhaust the stack.
 */
const MAX_PART_DEPTH = 32
const MAX_PARTS = 1000

/** A message the cache cannot hold at all (it has no usable id); the sync skips it. */
export class UnreadableMessage extends Error {
  constructor(readonly reason: string) {
    super(`unreadable message: ${reason}`)
    this.name = 'UnreadableMessage'
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** windows-1252's characters for the bytes 0x80–0x9F (five are unassigned and stay). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'

/**
 * windows-1252, which WHATWG also names iso-8859-1 and us-ascii. Node 20's TextDecoder reads
 * it as Latin-1, turning €, curly quotes and dashes into invisible control characters.
 */
function decodeWindows1252(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH.charAt(c.charCodeAt(0) - 0x80))
}

function decoderFor(charset: string | null): TextDecoder | null {
  if (!charset) return null
  try {
    // WHATWG labels cover what mail uses (iso-8859-*, windows-*, shift_jis, iso-2022-jp,
    // gb2312, big5, koi8-r, utf-16...). Unknown labels throw, and so does "replacement"
    // (iso-2022-kr, hz-gb-2312), which would turn the whole part into one U+FFFD.
    return new TextDecoder(charset)
  } catch {
    return null
  }
}

/**
 * A text part's characters. Gmail's `format=full` gives each part's bytes in the part's own
 * charset (base64url); they are decoded by the charset its Content-Type declares. Undeclared
 * or unknown: UTF-8 when the bytes are valid UTF-8 (ASCII included), else windows-1252, which
 * maps every byte to a character. Invalid base64 characters are skipped, never thrown.
 */
export function decodeTextPart(data: unknown, charset: string | null): string {
  if (typeof data !== 'string' || data === '') return ''
  const bytes = Buffer.from(data, 'base64url')
  const declared = decoderFor(charset)
  if (declared?.encoding === 'windows-1252') return decodeWindows1252(bytes)
  if (declared) return declared.decode(bytes)
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return decodeWindows1252(bytes)
  }
}

/** The charset parameter of a part's Content-Type header, unquoted, or null. */
function charsetOf(part: GmailMessagePart): string | null {
  const contentType = (part.headers ?? []).find(
    (h) => typeof h?.name === 'string' && h.name.toLowerCase() === 'content-type',
  )?.value
  if (typeof contentType !== 'string') return null
  const match = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]*)/i.exec(contentType)
  const value = (match?.[2] ?? match?.[1] ?? '').trim()
  return value || null
}

/**
 * A part's Content-ID without its angle brackets ('<logo@x>' → 'logo@x'), or null. It is what
 * the HTML names as `cid:logo@x` to show the part inline.
 */
function contentIdOf(part: GmailMessagePart): string | null {
  const value = (part.headers ?? []).find(
    (h) => typeof h?.name === 'string' && h.name.toLowerCase() === 'content-id',
  )?.value
  if (typeof value !== 'string') return null
  const id = value
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim()
  return id && id.length <= 255 ? id : null
}

/** RFC 2047 encoded words decoded; a header postal-mime cannot decode is kept as it came. */
function decodeHeader(value: string): string {
  try {
    return decodeWords(value)
  } catch {
    return value
  }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
}

/** Removes style, script and head elements; an unclosed one takes the rest with it. */
function dropInvisibleElements(html: string): string {
  // A loop with indexOf, not a lazy regex with a back-reference: on HTML full of unclosed
  // <style> tags that regex rescans to the end from each one (quadratic: a hostile 5 MB
  // part would hold the sync for hours).
  const lower = html.toLowerCase()
  const opening = /<(style|script|head)\b/g
  let out = ''
  let from = 0
  for (let match = opening.exec(lower); match; match = opening.exec(lower)) {
    out += `${html.slice(from, match.index)} `
    const close = lower.indexOf(`</${match[1]}`, opening.lastIndex)
    if (close === -1) return out
    const end = lower.indexOf('>', close)
    from = end === -1 ? html.length : end + 1
    opening.lastIndex = from
  }
  return out + html.slice(from)
}

/**
 * A readable plain-text rendering of an HTML body, for search and the plain view. Every
 * pattern runs in linear time, whatever the HTML (a tag ends at the next '<' or '>').
 */
export function htmlToText(html: string): string {
  return dropInvisibleElements(html)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table)>/gi, '\n')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? ' ')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n\s*/g, '\n')
    .trim()
}

/**
 * How much of a header value is decoded: four times what a row keeps (encoded words are
 * longer than their text), so a megabyte header costs no more than a long one.
 */
const RAW_HEADER_CHARS = 4 * ROW_LIMITS.headerChars

type Found = { text?: string; html?: string; attachments: StoredAttachment[]; parts: number }

/** Collects the first text and HTML parts and the attachments, in document order. */
function walk(part: GmailMessagePart, found: Found, depth: number) {
  if (depth > MAX_PART_DEPTH || ++found.parts > MAX_PARTS) return
  const mime = (typeof part.mimeType === 'string' ? part.mimeType : '').toLowerCase()
  const filename = typeof part.filename === 'string' ? part.filename : ''
  const attachmentId = part.body?.attachmentId
  // An inline image often has no file name, only the Content-ID its HTML names it by.
  const contentId = contentIdOf(part)
  if ((filename || contentId) && typeof attachmentId === 'string' && attachmentId) {
    found.attachments.push({
      attachmentId,
      filename: decodeHeader(filename),
      mimeType: mime || 'application/octet-stream',
      size: Number(part.body?.size) || 0,
      ...(contentId ? { contentId } : {}),
    })
    return
  }
  if (mime === 'text/plain' && found.text === undefined) {
    found.text = decodeTextPart(part.body?.data, charsetOf(part))
  } else if (mime === 'text/html' && found.html === undefined) {
    found.html = decodeTextPart(part.body?.data, charsetOf(part))
  }
  if (Array.isArray(part.parts)) for (const child of part.parts) walk(child ?? {}, found, depth + 1)
}

/**
 * When the message arrived: Gmail's internalDate (ms since 1970), else its Date header, else
 * 1970 — a fixed instant, so a message without any date keeps its place in the list.
 */
function receivedAt(internalDate: unknown, dateHeader: string): Date {
  const candidates = [
    typeof internalDate === 'string' && /^\d{1,16}$/.test(internalDate)
      ? Number(internalDate)
      : NaN,
    Date.parse(dateHeader),
  ]
  return new Date(candidates.find(isStorableInstant) ?? 0)
}

/** Gmail's ids are short printable ASCII (hex); anything else cannot be addressed later. */
const GMAIL_ID = /^[\x21-\x7e]{1,200}$/

/**
 * Turns a Gmail message (format=full) into the row the cache stores. Whatever the message
 * holds — broken MIME, missing parts, bad base64, any charset — this returns a message; it
 * throws (UnreadableMessage) only when the message has no usable id. What PostgreSQL can
 * hold is `storableMessage`'s concern, not this one's.
 */
export function parseGmailMessage(message: GmailMessage): ParsedMessage {
  const id = message.id
  if (typeof id !== 'string' || !GMAIL_ID.test(id)) throw new UnreadableMessage('missing_id')
  const payload = message.payload ?? {}
  const headers = new Map<string, string>()
  for (const h of Array.isArray(payload.headers) ? payload.headers : []) {
    if (typeof h?.name !== 'string') continue
    const name = h.name.toLowerCase()
    if (!headers.has(name))
      headers.set(name, typeof h.value === 'string' ? h.value.slice(0, RAW_HEADER_CHARS) : '')
  }
  // Gmail may pass RFC 2047 encoded words through (=?UTF-8?Q?...?=); decode them once here.
  const header = (name: string) => decodeHeader(headers.get(name) ?? '')
  const found: Found = { attachments: [], parts: 0 }
  walk(payload, found, 0)
  const html = found.html ?? null
  const from = parseAddress(header('from'))
  const threadId = typeof message.threadId === 'string' && GMAIL_ID.test(message.threadId)
  return {
    gmailId: id,
    threadId: threadId ? message.threadId! : id,
    historyId: typeof message.historyId === 'string' ? message.historyId : null,
    internalDate: receivedAt(message.internalDate, header('date')),
    labels: Array.isArray(message.labelIds)
      ? message.labelIds.filter((l): l is string => typeof l === 'string')
      : [],
    snippet: typeof message.snippet === 'string' ? message.snippet : '',
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

/**
 * Parses a thread's messages; one that cannot be read is skipped, named by its id (or, without
 * a usable one, by its place in the thread) with the reason.
 */
export function parseThreadMessages(threadId: string, messages: GmailMessage[]) {
  const parsed: ParsedMessage[] = []
  const unreadable: { gmailId: string; reason: string }[] = []
  for (const [index, message] of messages.entries()) {
    try {
      parsed.push(parseGmailMessage(message))
    } catch (error) {
      const reason =
        error instanceof UnreadableMessage ? error.reason : (error as Error).name || 'error'
      const gmailId =
        typeof message.id === 'string' && message.id ? message.id : `${threadId}#${index}`
      unreadable.push({ gmailId, reason: `unreadable:${reason}` })
    }
  }
  return { parsed, unreadable }
}
