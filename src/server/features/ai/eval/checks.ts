import { detect } from 'tinyld'
import type { Language } from '../prompt.js'
import { ISO_CODE } from '../style/languages.js'

export { ISO_CODE }

/** Placeholders a model leaves when it does not know a detail (decision 011: never in a draft). */
const PLACEHOLDER = /\[[^\]\n]{1,40}\]|\{\{|\}\}|<[a-z _-]{2,30}>/i

/**
 * The language tinyld reads in a text, restricted to Inkwell's four. Plain tinyld on purpose:
 * the eval measures the app's drafts with an instrument of its own, not with the detector
 * the app itself writes by (style/detect.ts).
 */
export function detectLanguage(text: string): string {
  return detect(text, { only: Object.values(ISO_CODE) })
}

export function placeholderLeaks(text: string): string[] {
  const found = text.match(new RegExp(PLACEHOLDER.source, 'gi'))
  return found ?? []
}

/** True when the draft opens with the greeting (first line) and carries the sign-off near its end. */
export function hasGreeting(text: string, greeting: string): boolean {
  const first = text.trim().split('\n')[0] ?? ''
  return first.toLowerCase().startsWith(greeting.trim().toLowerCase())
}

export function hasSignoff(text: string, signoff: string): boolean {
  const tail = text.trim().split('\n').slice(-4).join('\n').toLowerCase()
  return tail.includes(signoff.trim().toLowerCase())
}

/** Words a sentence, greeting and signature lines left out. */
export function averageSentenceLength(text: string): number {
  const lines = text
    .trim()
    .split('\n')
    .filter((l) => l.trim())
  const prose = lines.slice(1, -2).join(' ')
  const sentences = prose.split(/(?<=[.!?])\s+/).filter((s) => /\p{L}/u.test(s))
  const words = prose.match(/[\p{L}\p{N}'’-]+/gu) ?? []
  return sentences.length ? words.length / sentences.length : 0
}

/** The prose sentences of a draft: the greeting line and the last two (sign-off, name) left out. */
export function sentencesOf(text: string): string[] {
  const lines = text
    .trim()
    .split('\n')
    .filter((l) => l.trim())
  return lines
    .slice(1, -2)
    .join(' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s))
}

/**
 * Of the sentences long enough to tell (five words or more), how many are in `language`, and
 * how many there are. Short sentences ("Thanks again!") are left out: a detector guesses at them.
 */
export function languagePurity(text: string, language: Language): { pure: number; of: number } {
  const long = sentencesOf(text).filter((s) => (s.match(/\p{L}+/gu) ?? []).length >= 5)
  const pure = long.filter((s) => detectLanguage(s) === ISO_CODE[language]).length
  return { pure, of: long.length }
}

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}€$£%]+/gu) ?? []) as string[]

/**
 * The first run of `n` words the draft shares with `source` (the request, the mail answered,
 * the instruction), or null: a shared run means the draft pasted or echoed instead of writing.
 */
export function sharedRun(draft: string, source: string, n = 5): string | null {
  const from = wordsOf(source)
  const runs = new Set<string>()
  for (let i = 0; i + n <= from.length; i++) runs.add(from.slice(i, i + n).join(' '))
  const words = wordsOf(draft)
  for (let i = 0; i + n <= words.length; i++) {
    const run = words.slice(i, i + n).join(' ')
    if (runs.has(run)) return run
  }
  return null
}

/**
 * True when the greeting line names the person once: no word of their name twice in it
 * ("Estimada Aisha Aisha Rahman"), and no second greeting line further down.
 */
export function greetsOnce(text: string, name: string, greeting: string): boolean {
  const lines = text.trim().split('\n')
  const first = (lines[0] ?? '').toLowerCase()
  const nameWords = name.toLowerCase().match(/\p{L}+/gu) ?? []
  const repeated = nameWords.some((w) => first.split(w).length - 1 > 1)
  const again = lines
    .slice(1)
    .some((l) => l.trim().toLowerCase().startsWith(`${greeting.trim().toLowerCase()} `))
  return !repeated && !again
}

/**
 * What ends the sign-off line in each language, as its readers expect: "Best regards,",
 * "Saludos cordiales,", "Cordialement,", but German (DIN 5008) "Mit freundlichen Grüßen" with
 * no comma, the name on the next line. Kept here apart from the writer's own tables: the eval
 * is an instrument of its own.
 */
const SIGNOFF_MARK: Record<Language, string> = {
  english: ',',
  spanish: ',',
  french: ',',
  german: '',
}

/**
 * German words that are never nouns nor the polite Sie/Ihnen/Ihr: after a greeting ending in a
 * comma the text goes on in lower case, so none of them starts the first line with a capital
 * ("Sehr geehrte Frau Dr. Schmidt,\n\nich komme…", "vielen Dank…").
 */
const GERMAN_LOWER = new Set(
  (
    'ich wir es er das der die den dem des ein eine einen einem du dir dich dein deine deinen ' +
    'vielen herzlichen besten danke gerne gern leider bitte anbei hier hiermit bei sehr ' +
    'selbstverständlich natürlich kurze kurz könnten können könnte könntest kannst darf dürfte ' +
    'wäre wärst hätten hättest hast haben würde würden wollen wie was wann wo passt tut ' +
    'entschuldigen entschuldige melde denk gleich heute morgen ja nein klar super alles von am ' +
    'bis vor ab in im zu zum zur um an mit für auf nach da nur noch schon'
  ).split(' '),
)

/**
 * What a reader of the draft's language would mark in its frame: the greeting's closing mark
 * (a colon after a formal Spanish greeting, "Estimada Dra. García:", a comma otherwise), the
 * sign-off's (none in German), and in German a first word after a comma greeting that should be
 * lower case. Empty when the frame reads right.
 */
export function letterFaults(
  text: string,
  language: Language,
  signoff: string,
  formal: boolean,
): string[] {
  const faults: string[] = []
  const lines = text.trim().split('\n')
  const greeting = lines[0]?.trim() ?? ''
  const greetingMark = language === 'spanish' && formal ? ':' : ','
  if (!greeting.endsWith(greetingMark))
    faults.push(`greeting "${greeting}" should end with "${greetingMark}"`)
  const closing = lines
    .slice(-3)
    .map((l) => l.trim())
    .find((l) => l.toLowerCase().startsWith(signoff.trim().toLowerCase()))
  if (closing !== undefined) {
    const mark = /[,.;:!]$/.exec(closing)?.[0] ?? ''
    if (mark !== SIGNOFF_MARK[language] && mark !== '!')
      faults.push(
        `sign-off "${closing}" should end with ${SIGNOFF_MARK[language] ? `"${SIGNOFF_MARK[language]}"` : 'no comma'}`,
      )
  }
  const first =
    lines
      .slice(1)
      .find((l) => l.trim())
      ?.trim() ?? ''
  const word = /^\p{L}+/u.exec(first)?.[0] ?? ''
  if (
    language === 'german' &&
    greeting.endsWith(',') &&
    /^\p{Lu}/u.test(word) &&
    GERMAN_LOWER.has(word.toLowerCase())
  )
    faults.push(`"${word}" after the greeting should be "${word.toLowerCase()}"`)
  return faults
}
