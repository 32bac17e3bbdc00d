import { detect } from 'tinyld'
import type { Language } from '../prompt.js'

/** ISO 639-1 codes of the four languages, as tinyld reports them. */
export const ISO_CODE: Record<Language, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
}

/** Placeholders a model leaves when it does not know a detail (decision 011: never in a draft). */
const PLACEHOLDER = /\[[^\]\n]{1,40}\]|\{\{|\}\}|<[a-z _-]{2,30}>/i

/** The language tinyld reads in a draft, restricted to Inkwell's four. */
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
