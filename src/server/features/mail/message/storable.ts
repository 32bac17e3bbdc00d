import type { StoredAttachment } from '../../../db/schema.js'
import type { ParsedMessage } from './parsed-message.js'

/**
 * What a cached message row may hold (decision 006). Every message row passes through
 * `storableMessage` on its way to PostgreSQL, so no text a sender controls can make the write
 * fail: PostgreSQL's `text` and `jsonb` refuse NUL, jsonb refuses lone UTF-16 surrogates,
 * a timestamp must lie in its range, and huge values are cut to sizes the app can serve.
 */
export const ROW_LIMITS = {
  /**
   * Characters kept of each body (text and HTML). Gmail itself clips a message's display at
   * 102 KB; five times that keeps every real letter and newsletter whole while a hostile
   * 25 MB part cannot bloat the cache, the search or the viewer.
   */
  bodyChars: 512 * 1024,
  /** A header value: long References chains stay whole, a megabyte Subject does not. */
  headerChars: 32 * 1024,
  snippetChars: 1000,
  filenameChars: 1000,
  mimeTypeChars: 255,
  /** Longer ids cannot be addressed through the API (its routes cap ids at 200 and 2000). */
  idChars: 200,
  attachmentIdChars: 2000,
  attachments: 500,
  labels: 500,
} as const

/** Said where a body was cut, so the reader knows to open Gmail for the rest. */
export const CLIPPED_NOTICE =
  '[Inkwell: this message is too long to show in full here. Open it in Gmail to read the rest.]'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Latest instant kept as is: the end of year 9999 (PostgreSQL goes further, JS dates too). */
const LAST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** True when `ms` is an instant a mail date can sensibly be and PostgreSQL can store. */
export function isStorableInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= 0 && ms <= LAST_DATE_MS
}

/** Cuts at `max` characters without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max
  return text.slice(0, end)
}

/**
 * Text PostgreSQL stores as given: NUL removed (UTF-16 text read as 8-bit has one before
 * every letter, so removing reads better than replacing), lone surrogates replaced by U+FFFD,
 * at most `max` characters.
 */
export function storableText(value: unknown, max: number): string {
  const text = typeof value === 'string' ? value : value == null ? '' : String(value)
  return cut(text.replaceAll('\0', ''), max).replace(LONE_SURROGATE, '\uFFFD')
}

/** A body cut to the limit, with a notice at the cut (plain text, or a paragraph in HTML). */
function storableBody(value: string, html: boolean): string {
  const text = storableText(value, Number.MAX_SAFE_INTEGER)
  if (text.length <= ROW_LIMITS.bodyChars) return text
  const kept = cut(text, ROW_LIMITS.bodyChars)
  return html ? `${kept}\n<p>${CLIPPED_NOTICE}</p>` : `${kept}\n\n${CLIPPED_NOTICE}`
}

const header = (value: string) => storableText(value, ROW_LIMITS.headerChars)

function storableAttachments(attachments: StoredAttachment[]): StoredAttachment[] {
  return (
    attachments
      // A cut id names no attachment: such an entry could never be downloaded.
      .filter((a) => a.attachmentId.length <= ROW_LIMITS.attachmentIdChars)
      .slice(0, ROW_LIMITS.attachments)
      .map((a) => ({
        attachmentId: storableText(a.attachmentId, ROW_LIMITS.attachmentIdChars),
        filename: storableText(a.filename, ROW_LIMITS.filenameChars),
        mimeType: storableText(a.mimeType, ROW_LIMITS.mimeTypeChars),
        size: Number.isSafeInteger(a.size) && a.size >= 0 ? a.size : 0,
        ...(a.contentId ? { contentId: storableText(a.contentId, ROW_LIMITS.filenameChars) } : {}),
      }))
  )
}

/** Gmail label ids (or names): each storable, empties dropped. */
export function storableLabels(labels: readonly string[]): string[] {
  return labels
    .map((l) => storableText(l, ROW_LIMITS.idChars))
    .filter(Boolean)
    .slice(0, ROW_LIMITS.labels)
}

/** The message as a row PostgreSQL accepts, whatever the sender put in it. */
export function storableMessage(m: ParsedMessage): ParsedMessage {
  return {
    gmailId: storableText(m.gmailId, ROW_LIMITS.idChars),
    threadId: storableText(m.threadId, ROW_LIMITS.idChars),
    // Compared as numbers (BigInt) elsewhere: anything but digits is no history id.
    historyId: m.historyId && /^\d{1,30}$/.test(m.historyId) ? m.historyId : null,
    internalDate: isStorableInstant(m.internalDate.getTime()) ? m.internalDate : new Date(0),
    labels: storableLabels(m.labels),
    snippet: storableText(m.snippet, ROW_LIMITS.snippetChars),
    subject: header(m.subject),
    fromName: header(m.fromName),
    fromEmail: header(m.fromEmail),
    toHeader: header(m.toHeader),
    ccHeader: header(m.ccHeader),
    bccHeader: header(m.bccHeader),
    replyTo: header(m.replyTo),
    dateHeader: header(m.dateHeader),
    messageIdHeader: header(m.messageIdHeader),
    inReplyTo: header(m.inReplyTo),
    referencesHeader: header(m.referencesHeader),
    textBody: storableBody(m.textBody, false),
    htmlBody: m.htmlBody === null ? null : storableBody(m.htmlBody, true),
    attachments: storableAttachments(m.attachments),
  }
}
