import type { LearnedFromSentMail, LearnedLanguage } from '../../../../contract/ai.js'
import { analyzeSection, analyzeStyle } from '../style-analysis.js'
import { detectLanguage } from './detect.js'
import { ALL_LANGUAGES, type Language } from './languages.js'
import { joinSections, sectionHeader, type Section } from './sections.js'

/**
 * A language with fewer words than this in the sent mail gets no analysis of its own: a line or
 * two says nothing reliable about a style. The language most of the mail is in is analysed
 * whatever its length, so there is always an analysis to show.
 */
export const MIN_WORDS_TO_LEARN = 20
/** The most a profile's example text holds (WritingProfileInputSchema), where the sample is kept. */
export const EXAMPLE_TEXT_MAX_CHARS = 20_000
const MESSAGE_SEPARATOR = '\n\n'

type Group = { language: Language; texts: string[]; words: number }

const wordCount = (text: string) => (text.match(/[\p{L}\p{N}'’-]+/gu) ?? []).length

/**
 * Shares `budget` between sizes so that no size gets more than it needs and the rest is split
 * evenly: a language with a few short messages keeps them all, the others share what is left.
 */
export function shareBudget(sizes: number[], budget: number): number[] {
  const shares = sizes.map(() => 0)
  const smallestFirst = sizes.map((size, i) => ({ size, i })).sort((a, b) => a.size - b.size)
  let left = Math.max(0, budget)
  smallestFirst.forEach(({ size, i }, k) => {
    shares[i] = Math.min(size, Math.floor(left / (smallestFirst.length - k)))
    left -= shares[i]!
  })
  return shares
}

/** Whole messages, newest first, up to `chars`; a first message longer than that is cut at a word. */
function fit(texts: string[], chars: number): string {
  const kept: string[] = []
  let length = 0
  for (const text of texts) {
    const extra = (kept.length ? MESSAGE_SEPARATOR.length : 0) + text.length
    if (length + extra > chars) continue
    kept.push(text)
    length += extra
  }
  if (kept.length === 0 && texts[0]) {
    const cut = texts[0].slice(0, chars)
    return cut.slice(0, Math.max(cut.lastIndexOf(' '), 0) || cut.length).trim()
  }
  return kept.join(MESSAGE_SEPARATOR)
}

/**
 * "Learn from my sent mail" (decision 047): each sent message (given without the quoted mail it
 * carries) is put in its language (tinyld among the four, helped by greeting and sign-off for a short one); each
 * language with enough words is analysed on its own. The sample has one section per language
 * learned, newest messages first and within the profile's example-text limit, and every analysis
 * is computed from the section as kept, so the saved profile gives the same analysis again.
 * Messages in no language the analysis can tell ("OK", "👍") count in `messageCount` only.
 * null when no message has any text.
 */
export function learnFromSentTexts(
  sentTexts: string[],
  maxSampleChars: number,
): LearnedFromSentMail | null {
  const texts = sentTexts.map((t) => t.replace(/\r\n?/g, '\n').trim()).filter(Boolean)
  if (texts.length === 0) return null
  const groups = new Map<Language, Group>()
  for (const text of texts) {
    const language = detectLanguage(text)
    if (!language) continue
    const group = groups.get(language) ?? { language, texts: [], words: 0 }
    group.texts.push(text)
    group.words += wordCount(text)
    groups.set(language, group)
  }
  if (groups.size === 0) {
    // Nothing tells a language: read it all as one, in whatever language it seems to be.
    const language = detectLanguage(texts.join('\n\n')) ?? 'english'
    groups.set(language, { language, texts, words: texts.reduce((n, t) => n + wordCount(t), 0) })
  }
  const ordered = [...groups.values()].sort(
    (a, b) =>
      b.texts.length - a.texts.length ||
      b.words - a.words ||
      ALL_LANGUAGES.indexOf(a.language) - ALL_LANGUAGES.indexOf(b.language),
  )
  const learnable = ordered.filter((g, i) => i === 0 || g.words >= MIN_WORDS_TO_LEARN)

  const budget = Math.min(maxSampleChars, EXAMPLE_TEXT_MAX_CHARS)
  const overhead = learnable.reduce(
    (n, g) => n + sectionHeader(g.language, g.texts.length).length + 2 * MESSAGE_SEPARATOR.length,
    0,
  )
  const shares = shareBudget(
    learnable.map((g) => g.texts.join(MESSAGE_SEPARATOR).length),
    budget - overhead,
  )
  const sections: Section[] = learnable
    .map((g, i) => ({
      language: g.language,
      messageCount: g.texts.length,
      text: fit(g.texts, shares[i]!),
    }))
    .filter((s) => s.text)
  const sample = joinSections(sections)
  const languages: LearnedLanguage[] = ordered.map((g) => {
    const section = sections.find((s) => s.language === g.language)
    return {
      language: g.language,
      messageCount: g.texts.length,
      words: g.words,
      analysis: section ? analyzeSection(section) : null,
    }
  })
  return { messageCount: texts.length, sample, analysis: analyzeStyle(sample), languages }
}
