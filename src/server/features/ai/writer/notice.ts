/**
 * The note for the user (never in the e-mail) when the offline writer left something out: it
 * names what it could not say in the contact's language, or could not answer, and where to
 * connect a model that can. The service shows it beside the draft (prompt.ts, NOTICE_METADATA).
 */
import type { Phrasebook } from './acts.js'
import type { Unsaid } from './intents.js'

const CONNECT = 'Connect an AI model in Settings (see the README) to have it written.'
const MAX_QUOTE = 90

const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim()
  return `“${line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1).trimEnd()}…` : line}”`
}

export function noticeFor(
  book: Phrasebook,
  plan: { unsaid: Unsaid[]; unanswered: string[]; ignored: string | null },
): string | null {
  const into = book.language === 'english' ? '' : ` into ${book.name}`
  const seen = new Set<string>()
  const pieces = plan.unsaid
    .filter((u) => u.words.trim() && !seen.has(u.words) && seen.add(u.words))
    .slice(0, 3)
    .map((u) =>
      u.within && u.within !== u.words
        ? `${quote(u.words)} (in ${quote(u.within)})`
        : quote(u.words),
    )
  const lines: string[] = []
  if (plan.ignored)
    lines.push(
      `The offline writer could not follow the instruction ${quote(plan.ignored)}, so the draft answers the mail as it stands.`,
    )
  if (pieces.length)
    lines.push(
      into
        ? `The offline writer could not put ${pieces.join(', ')}${into}, so the draft leaves ${pieces.length > 1 ? 'them' : 'it'} out.`
        : `The offline writer could not work ${pieces.join(', ')} into the draft, so it leaves ${pieces.length > 1 ? 'them' : 'it'} out.`,
    )
  for (const question of plan.unanswered.slice(0, 2))
    lines.push(
      `The offline writer cannot answer ${quote(question)}; the draft says you will come back to it.`,
    )
  return lines.length ? `${lines.join(' ')} ${CONNECT}` : null
}
