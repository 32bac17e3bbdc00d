/**
 * Quoted history and signatures in mail text (issue 25): the lines that start them, read by
 * structure as Gmail reads them, in Inkwell's four languages. The viewer folds a message's
 * trimmed tail behind "…" with these (plain text here, HTML in web/lib/fold-quoted-html.ts),
 * and the reply editor finds its own quote with them. Plain string work with no imports, so
 * it costs the web bundle nothing.
 */

/** The line a client writes above a quoted reply: "On … wrote:", "El … escribió:", "Le … a écrit :", "Am … schrieb …:". */
const ATTRIBUTION =
  /^(on\b.*\bwrote\s?:|el\b.*\bescribi[óo]\s?:|le\b.*\ba [ée]crit\s?:|am\b.*\bschrieb\b.*:)$/i
/** Gmail wraps a long attribution: "On Mon, … Grace Hopper <" / "grace@example.com> wrote:". */
const ATTRIBUTION_START = /^(on|el|le|am)\s.*\d/i
const ATTRIBUTION_END = /(wrote|escribi[óo]|a [ée]crit|schrieb\b.*)\s?:$/i
/** Gmail's, Thunderbird's, Apple Mail's and Outlook's separators above a forwarded or original message. */
const SEPARATOR =
  /^(-{2,}\s*(forwarded message|original message|mensaje reenviado|mensaje original|message transféré|message transfere|message d'origine|message original|weitergeleitete nachricht|ursprüngliche nachricht|originalnachricht)\s*-*|begin forwarded message:|inicio del mensaje reenviado:|début du message réexpédié :?|anfang der weitergeleiteten nachricht:|_{10,})$/i
/** Outlook's header block of the message below: "From: …" then "Sent: …" within a few lines. */
const OUTLOOK_FROM = /^\**(from|de|von)\s?:\**\s?\S/i
const OUTLOOK_SENT = /^\**(sent|date|envoyé|enviado el|enviado|fecha|gesendet|datum)\s?:\**\s?\S/i
/** The signature delimiter "-- " (some clients drop the space). */
const SIGNATURE = /^--\s?$/

/** Whether `line` (one line, or an element's whole text) is a quote's attribution. */
export function isAttributionLine(line: string): boolean {
  const text = line.replace(/\s+/g, ' ').trim()
  return text.length <= 400 && ATTRIBUTION.test(text)
}

/** Whether `line` separates a forwarded or original message. */
export const isSeparatorLine = (line: string) => SEPARATOR.test(line.trim())

/** Whether `line` is the "-- " signature delimiter. */
export const isSignatureLine = (line: string) => SIGNATURE.test(line.replace(/\u00a0/g, ' '))

/** Whether `text` reads as Outlook's "From: … Sent: …" header block (one element's text, or lines). */
export function isOutlookHeader(lines: readonly string[]): boolean {
  const first = lines.findIndex((l) => l.trim() !== '')
  if (first === -1 || !OUTLOOK_FROM.test(lines[first]!.trim())) return false
  return lines.slice(first + 1, first + 5).some((l) => OUTLOOK_SENT.test(l.trim()))
}

/** Whether `line` is quoted with `>`. */
export const isQuoted = (line: string) => line.trimStart().startsWith('>')
const isBlank = (line: string) => line.trim() === ''

/** Where a wrapped two-line attribution starts at `i` (Gmail breaks long ones). */
export function isWrappedAttribution(lines: readonly string[], i: number): boolean {
  const line = lines[i]!.trim()
  const next = lines[i + 1]?.trim() ?? ''
  return (
    ATTRIBUTION_START.test(line) &&
    !ATTRIBUTION_END.test(line) &&
    !isQuoted(next) &&
    ATTRIBUTION_END.test(next) &&
    isAttributionLine(`${line} ${next}`)
  )
}

export type TextFoldOptions = {
  /** Fold the "-- " signature too (the viewer does; the editor keeps it the user's). */
  signatures?: boolean
}

/**
 * Whether the history starting at line `i` runs to the end: what follows it is quoted (`>`),
 * blank, or more history. A `>` run with the writer's own text after it is an answer written
 * inline or below the quote, and stays.
 */
function tailFrom(
  lines: readonly string[],
  i: number,
  options: TextFoldOptions,
  known: Map<number, boolean>,
): boolean {
  const cached = known.get(i)
  if (cached !== undefined) return cached
  const result = tailAt(lines, i, options, known)
  known.set(i, result)
  return result
}

function tailAt(
  lines: readonly string[],
  i: number,
  options: TextFoldOptions,
  known: Map<number, boolean>,
): boolean {
  const line = lines[i]!
  if (isSeparatorLine(line)) return true
  if (options.signatures !== false && isSignatureLine(line)) return true
  if (isOutlookHeader(lines.slice(i, i + 5))) return true
  const attribution = isAttributionLine(line) ? 1 : isWrappedAttribution(lines, i) ? 2 : 0
  if (attribution === 0 && !isQuoted(line)) return false
  let j = i + attribution
  while (j < lines.length && isBlank(lines[j]!)) j++
  // "On … wrote:" above an unquoted original (top-posting clients that do not quote).
  if (attribution > 0 && j < lines.length && !isQuoted(lines[j]!)) return true
  while (j < lines.length && (isQuoted(lines[j]!) || isBlank(lines[j]!))) j++
  return j === lines.length || tailFrom(lines, j, options, known)
}

/** A text split where its trimmed tail starts: `own` is what stays shown. */
export type TextFold = { own: string; trimmed: string }

/**
 * The quoted history and signature at the end of a plain-text message, or null when there is
 * none, or when it would be the whole message (then nothing is folded).
 */
export function foldQuotedText(text: string, options: TextFoldOptions = {}): TextFold | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  // Each line's answer once: a long quote is walked once, not once per line of it.
  const known = new Map<number, boolean>()
  for (let i = 0; i < lines.length; i++) {
    if (tailFrom(lines, i, options, known)) {
      const own = lines.slice(0, i).join('\n').trimEnd()
      if (own.trim() === '') return null
      return { own, trimmed: lines.slice(i).join('\n') }
    }
    // The rest of a `>` run has the same answer as its first line.
    if (isQuoted(lines[i]!)) while (i + 1 < lines.length && isQuoted(lines[i + 1]!)) i++
  }
  return null
}
