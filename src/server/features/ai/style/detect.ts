import { detectAll } from 'tinyld'
import { formulaLanguages } from './formulas.js'
import { ALL_LANGUAGES, ISO_CODE, type Language } from './languages.js'
import { LEXICON } from './lexicon.js'

const BY_ISO = Object.fromEntries(ALL_LANGUAGES.map((l) => [ISO_CODE[l], l])) as Record<
  string,
  Language
>
const ONLY = Object.values(ISO_CODE)
/** Enough text to tell a language; more only costs time. */
const DETECT_CHARS = 4000
/** A cue word's weight, and the most cue words can add: they only settle short messages. */
const CUE_WEIGHT = 0.25
const MAX_CUES = 2

/**
 * The language of a text, among Inkwell's four, or null when nothing in it tells. tinyld reads the
 * text; its word is taken with more weight the longer the text is. A short message
 * ("Hallo Jonas, bis morgen! LG Anna", which tinyld takes for Spanish) is settled by what tinyld
 * cannot weigh: its greeting and sign-off, and a few function words found in one language only.
 */
export function detectLanguage(text: string): Language | null {
  const sample = text.slice(0, DETECT_CHARS)
  const words = sample.toLowerCase().match(/[\p{L}'’]+/gu) ?? []
  if (words.length === 0) return null
  const score = Object.fromEntries(ALL_LANGUAGES.map((l) => [l, 0])) as Record<Language, number>
  const tinyldWeight = 1 + words.length / 5
  for (const { lang, accuracy } of detectAll(sample, { only: ONLY })) {
    const language = BY_ISO[lang]
    if (language) score[language] += accuracy * tinyldWeight
  }
  for (const line of sample.split(/\r?\n/)) {
    if (!line.trim()) continue
    for (const language of formulaLanguages(line)) score[language] += 1
  }
  for (const language of ALL_LANGUAGES) {
    const cues = words.filter((w) => LEXICON[language].cueWords.has(w)).length
    score[language] += Math.min(MAX_CUES, cues * CUE_WEIGHT)
  }
  const [best, runnerUp] = [...ALL_LANGUAGES].sort((a, b) => score[b] - score[a])
  if (!best || score[best] === 0 || score[best] === score[runnerUp!]) return null
  return best
}
