import type { LANGUAGES } from '../../../../contract/options.js'

/** One of the four languages Inkwell writes and learns in (the contract's values). */
export type Language = (typeof LANGUAGES)[number]

/** ISO 639-1 codes, as tinyld reports them. */
export const ISO_CODE: Record<Language, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
}

/** The names the UI and the analysis texts use (the app speaks English). */
export const LANGUAGE_NAME: Record<Language, string> = {
  english: 'English',
  spanish: 'Spanish',
  french: 'French',
  german: 'German',
}

export const ALL_LANGUAGES = Object.keys(ISO_CODE) as Language[]

export function languageNamed(name: string): Language | null {
  const wanted = name.trim().toLowerCase()
  return ALL_LANGUAGES.find((l) => l === wanted) ?? null
}
