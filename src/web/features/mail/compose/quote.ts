import { isAttributionLine } from '../../../../contract/quoted-text'

/**
 * The original a reply or a forward carries, written as Gmail writes it in plain text (issue
 * 25): a reply quotes it under "On <date>, <name> <<address>> wrote:" with every line behind
 * `>`; a forward puts Gmail's header block (From, Date, Subject, To) above it, unquoted. The
 * editor shows the user's own part and folds this behind "…"; the send path sends the body as
 * it is, this included.
 */

export const FORWARD_MARKER = '---------- Forwarded message ---------'
/** What replies started with before issue 25; drafts saved then still hold it. */
const OLD_MARKER = '-------- Original Message --------'

/** The original, as a reply or forward quotes it. */
export type Original = {
  /** The sender's name (may be empty) and address. */
  name: string
  email: string
  /** When it was sent: an ISO timestamp. */
  date?: string
  subject?: string
  /** Its To header. */
  to?: string
  text: string
}

/** "Mon, Mar 3, 2025 at 10:12 AM", in the user's time zone: the date Gmail quotes. */
export function quoteDate(iso: string | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(date)
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(date)
  return `${day} at ${time}`
}

const who = ({ name, email }: Pick<Original, 'name' | 'email'>) =>
  name.trim() && email && name.trim().toLowerCase() !== email.toLowerCase()
    ? `${name.trim()} <${email}>`
    : email || name.trim()

const lines = (text: string) => text.replace(/\r\n?/g, '\n').trimEnd()

/** A reply's quote: "On <date>, <name> <<address>> wrote:", then the original behind `>`. */
export function replyQuote(original: Original): string {
  const date = quoteDate(original.date)
  const quoted = lines(original.text)
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')
  return `On ${date ? `${date}, ` : ''}${who(original)} wrote:\n${quoted}`
}

/** A forward's block: Gmail's separator and header lines, then the original as it was. */
export function forwardBlock(original: Original): string {
  const header = [
    FORWARD_MARKER,
    `From: ${who(original)}`,
    `Date: ${quoteDate(original.date)}`,
    `Subject: ${original.subject ?? ''}`,
    `To: ${original.to ?? ''}`,
  ]
  return `${header.join('\n')}\n\n${lines(original.text)}`
}

/**
 * Where the quoted original starts in an editor's text, or -1: a forward's (or an older
 * "Original Message") separator, or an attribution line with only `>` lines after it. Text the
 * user types is never taken for it: a `>` line of their own is not preceded by an attribution.
 */
export function quoteAt(body: string): number {
  const all = body.split('\n')
  let offset = 0
  for (let i = 0; i < all.length; i++) {
    const line = all[i]!
    if (line.trim() === FORWARD_MARKER || line.trim() === OLD_MARKER) return offset
    const span = isAttributionLine(line) ? 1 : 0
    if (span > 0) {
      const rest = all.slice(i + span).filter((l) => l.trim() !== '')
      if (rest.length > 0 && rest.every((l) => l.startsWith('>'))) return offset
    }
    offset += line.length + 1
  }
  return -1
}

/**
 * The editor's text as the user's part and the rest (`own + rest === body`): the quote and the
 * blank lines before it. The user's part is a prefix of the body, so a caret in it is a
 * position in the body too (templates insert there).
 */
export function splitQuote(body: string): { own: string; rest: string } {
  const at = quoteAt(body)
  if (at === -1) return { own: body, rest: '' }
  let end = at
  while (end > 0 && body[end - 1] === '\n') end--
  return { own: body.slice(0, end), rest: body.slice(end) }
}
