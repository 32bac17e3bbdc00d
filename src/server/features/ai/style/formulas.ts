import { ALL_LANGUAGES, type Language } from './languages.js'
import { LEXICON, type Register } from './lexicon.js'

/** A greeting or sign-off found on a line, as the writer wrote it. */
export type FoundFormula = { text: string; register: Register; language: Language }

// JavaScript's \b knows ASCII letters only: "Grüße" would end at "ü".
const START = '(?<![\\p{L}\\p{N}])'
const END = '(?![\\p{L}\\p{N}])'

/** One pattern of a list, as a global, case-insensitive regular expression between word edges. */
export const wordsPattern = (pattern: string, caseSensitive = false) =>
  new RegExp(`${START}(?:${pattern})${END}`, caseSensitive ? 'gu' : 'giu')

type Compiled = {
  greetings: { re: RegExp; register: Register }[]
  signoffs: { re: RegExp; register: Register }[]
}

const COMPILED = Object.fromEntries(
  ALL_LANGUAGES.map((language) => [
    language,
    {
      greetings: LEXICON[language].greetings.map(([pattern, register]) => ({
        re: new RegExp(`^(?:${pattern})${END}`, 'iu'),
        register,
      })),
      signoffs: LEXICON[language].signoffs.map(([pattern, register]) => ({
        re: new RegExp(`^(?:${pattern})${END}`, 'iu'),
        register,
      })),
    },
  ]),
) as Record<Language, Compiled>

/** A greeting line is short: "Sehr geehrte Frau Dr. Weber," fits, a sentence that opens with "Hi" rarely. */
const MAX_GREETING_LINE = 60
/**
 * A greeting line ends in a comma, a colon, an exclamation mark or a name, never a full stop:
 * "Werte über 5 sind kritisch." and "Monsieur Dupont a appelé." are sentences.
 */
const mayGreet = (text: string) => text.length <= MAX_GREETING_LINE && !/(?<!\.)\.$/.test(text)
/** A closing formula may fill its line ("Je vous prie d'agréer, Madame, …"); a paragraph does not. */
const MAX_SIGNOFF_LINE = 160
/** What may follow a sign-off on its line: punctuation, or ", Name" of up to three capitalised words. */
const AFTER_SIGNOFF =
  /^(?:[\s,.!…]*|[\s,–—-]+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}[\s.!]*)$/u

/** The languages to try, the text's own first: "Hello" is neutral in English, informal in French. */
const order = (first: Language | null) =>
  first ? [first, ...ALL_LANGUAGES.filter((l) => l !== first)] : ALL_LANGUAGES

function greetingIn(text: string, language: Language): FoundFormula | null {
  for (const { re, register } of COMPILED[language].greetings) {
    const match = re.exec(text)
    if (match) return { text: match[0], register, language }
  }
  return null
}

function signoffIn(text: string, language: Language): FoundFormula | null {
  for (const { re, register } of COMPILED[language].signoffs) {
    const match = re.exec(text)
    if (match && AFTER_SIGNOFF.test(text.slice(match[0].length))) {
      return { text: match[0].replace(/[\s,.!…]+$/u, ''), register, language }
    }
  }
  return null
}

/** The greeting a line opens with: "Hallo Jonas," → "Hallo"; "Sehr geehrte Frau Weber," → "Sehr geehrte". */
export function greetingOn(line: string, language: Language | null): FoundFormula | null {
  const text = line.trim()
  if (!mayGreet(text)) return null
  for (const lang of order(language)) {
    const found = greetingIn(text, lang)
    if (found) return found
  }
  return null
}

/** The sign-off a line is: "Liebe Grüße," → "Liebe Grüße"; "Cheers, Alex" → "Cheers". */
export function signoffOn(line: string, language: Language | null): FoundFormula | null {
  const text = line.trim()
  if (text.length > MAX_SIGNOFF_LINE) return null
  for (const lang of order(language)) {
    const found = signoffIn(text, lang)
    if (found) return found
  }
  return null
}

/** The languages whose greetings or sign-offs include this line's: a hint of the text's language. */
export function formulaLanguages(line: string): Language[] {
  const text = line.trim()
  if (text.length > MAX_SIGNOFF_LINE) return []
  return ALL_LANGUAGES.filter((l) => (mayGreet(text) && greetingIn(text, l)) || signoffIn(text, l))
}
