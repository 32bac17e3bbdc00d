/**
 * Reading mail text before it goes into a prompt: what is history (quoted replies, forwards),
 * whether there is anything to answer at all, and which of Inkwell's four languages it is in.
 */
import {
  isAttributionLine,
  isOutlookHeader,
  isQuoted,
  isSeparatorLine,
  isWrappedAttribution,
} from '../../../contract/quoted-text.js'
import type { Language } from './prompt.js'
import { detectLanguage as detectTextLanguage } from './style/detect.js'

/**
 * A message without the history it carries: the quoted mail it answered ("On … wrote:" and
 * everything after it, `>` lines), a forwarded or original message below a separator, and
 * Outlook's "From: … Sent: …" block with what follows. What the person wrote themselves is
 * kept, including lines between quoted ones (an answer written inline). The lines are told
 * apart as the viewer's fold tells them (contract/quoted-text.ts), in the same four languages.
 */
export function stripQuotedHistory(text: string): string {
  const lines = text.split(/\r?\n/)
  const kept: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (
      isAttributionLine(line) ||
      isSeparatorLine(line) ||
      isWrappedAttribution(lines, i) ||
      isOutlookHeader(lines.slice(i, i + 4))
    )
      break
    if (!isQuoted(line)) kept.push(line)
  }
  return kept.join('\n').trim()
}

// C0 controls other than tab, line feed, form feed and carriage return; DEL and C1 controls;
// the replacement character a decoder leaves for bytes that are not UTF-8.
const NOT_TEXT = /[\u0001-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufffd]/g

/**
 * Why a mail cannot be answered, or null when it can: bytes of a file read as text (a share of
 * control and replacement characters no written language has), or nothing written at all.
 */
export function unanswerableMail(text: string): 'binary' | 'empty' | null {
  const sample = text.slice(0, 20_000)
  const odd = sample.match(NOT_TEXT)?.length ?? 0
  // A stray control character happens in real mail; a tenth of the text never does.
  if (odd > 0 && odd >= sample.length / 10) return 'binary'
  if (!/[\p{L}\p{N}]/u.test(text)) return 'empty'
  return null
}

/**
 * The language a text is written in, among Inkwell's four, or null when tinyld is not sure
 * (a one-word mail, numbers, another language). Quoted history is left out: a Spanish reply
 * above an English thread is Spanish.
 */
export function detectLanguage(text: string): Language | null {
  // One detector for the app (style/detect.ts): tinyld, with a short mail's greeting and
  // function words to settle what tinyld alone gets wrong.
  return detectTextLanguage(stripQuotedHistory(text) || text)
}
