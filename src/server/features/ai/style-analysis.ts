import type { StyleAnalysis, StyleMetrics, SuggestedTraits } from '../../../contract/ai.js'
import { LANGUAGE_NAME, type Language } from './style/languages.js'
import { measure, type Measured } from './style/measure.js'
import { splitSections, type Section } from './style/sections.js'

/**
 * Style analysis (decisions 034 and 047), computed on the server from the text alone: the same
 * sample always gives the same analysis. Each text is measured in its own language (English,
 * Spanish, French or German); a sample learned from mail in several languages has a section per
 * language (style/sections.ts) and is analysed section by section.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a')
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five']
const inWords = (n: number) => NUMBER_WORDS[n] ?? String(n)

function readabilityLabel(score: number): string {
  if (score >= 70) return 'easy to read'
  if (score >= 50) return 'fairly easy to read'
  if (score >= 30) return 'fairly difficult to read'
  return 'difficult to read'
}

/** What the tone already says about formality: "a formal, formal voice" says it twice. */
const TONE_IMPLIES: Record<string, StyleMetrics['formality']> = {
  formal: 'formal',
  casual: 'informal',
}

/** "a casual voice", "a friendly, informal voice", "an empathetic, formal voice". */
export function voice(tone: string, formality: StyleMetrics['formality']): string {
  const adjectives = TONE_IMPLIES[tone] === formality ? [tone] : [tone, formality]
  return `${article(adjectives[0]!)} ${adjectives.join(', ')} voice`
}

/** The words that join two short sentences, in the sample's language. */
const JOINERS: Record<Language, string> = {
  english: '"and" or "because"',
  spanish: '"y" or "porque"',
  french: '"et" or "parce que"',
  german: '"und" or "weil"',
}

function suggestTraits(m: StyleMetrics): SuggestedTraits {
  const sentenceStructure =
    m.averageSentenceLength < 12 ? 'short' : m.averageSentenceLength > 20 ? 'long' : 'mixed'
  const style =
    m.averageSentenceLength > 22
      ? 'detailed'
      : m.formality === 'informal'
        ? 'conversational'
        : m.vocabularyLevel === 'advanced'
          ? 'analytical'
          : 'concise'
  return {
    tone: m.tone as SuggestedTraits['tone'],
    style,
    vocabulary: m.vocabularyLevel,
    sentenceStructure,
    commonPhrases: m.recurringPhrases,
    signatureStyle: m.signoffs[0] ?? null,
  }
}

function suggestionsFor({ metrics: m, language, complexSyllables }: Measured): string[] {
  const out: string[] = []
  if (m.averageSentenceLength > 25) {
    out.push(
      `Your sentences average ${m.averageSentenceLength} words; splitting the longest ones makes e-mails quicker to read.`,
    )
  }
  if (m.readability < 40) {
    out.push('Prefer shorter, everyday words where you can: the text reads as difficult.')
  }
  if (m.vocabularyLevel === 'advanced') {
    out.push(
      `Many words have ${inWords(complexSyllables)} syllables or more; simpler synonyms keep the reader moving.`,
    )
  }
  if (m.greetings.length === 0) out.push('Open with a greeting that names the reader.')
  if (m.signoffs.length === 0) out.push('Close with a consistent sign-off.')
  const exclamations = Number(/(\d+) exclamation/.exec(m.formalityMarkers.join(' '))?.[1] ?? 0)
  // One "!" in a casual note is no habit; one in every third sentence is.
  if (exclamations >= 2 && exclamations >= m.sentences / 3 && m.formality === 'informal') {
    out.push('Keep exclamation marks for what deserves them; a few go a long way.')
  }
  if (m.averageSentenceLength > 0 && m.averageSentenceLength < 7) {
    out.push(`Very short sentences can read as curt; join a few with ${JOINERS[language]}.`)
  }
  if (out.length === 0) out.push('Your writing is clear and balanced: keep this style.')
  return out
}

/** The three texts for one language's text; `named` says the language in them. */
function describe(measured: Measured, named: boolean): StyleAnalysis {
  const { metrics, language, evidence } = measured
  const traits = suggestTraits(metrics)
  const complexPercent = Math.round(metrics.complexWordShare * 100)
  const winning = evidence[metrics.formality]
  const styleAnalysis = [
    named || language === 'english' ? null : `Written in ${LANGUAGE_NAME[language]}.`,
    `${plural(metrics.words, 'word', 'words')} in ${plural(metrics.sentences, 'sentence', 'sentences')}, ${metrics.averageSentenceLength} words a sentence on average.`,
    `Readability ${metrics.readability} (${measured.readabilityFormula}): ${readabilityLabel(metrics.readability)}.`,
    `Vocabulary: ${metrics.vocabularyLevel} (${complexPercent}% of words have ${inWords(measured.complexSyllables)} syllables or more).`,
    winning.length
      ? `Formality: ${metrics.formality}, from ${winning.slice(0, 4).join(', ')}.`
      : `Formality: ${metrics.formality} (no marker either way).`,
    `Tone: ${metrics.tone}.`,
  ]
    .filter(Boolean)
    .join(' ')
  const habits = [
    metrics.greetings[0] ? `usually open with "${metrics.greetings[0]}"` : null,
    metrics.signoffs[0] ? `close with "${metrics.signoffs[0]}"` : null,
  ].filter(Boolean)
  const writer = named || language !== 'english' ? `In ${LANGUAGE_NAME[language]} you` : 'You'
  const learnedStyle = [
    `${writer} write in ${voice(metrics.tone, metrics.formality)} with ${traits.sentenceStructure} sentences and ${metrics.vocabularyLevel} vocabulary.`,
    habits.length ? `You ${habits.join(' and ')}.` : null,
    metrics.recurringPhrases.length
      ? `Phrases you return to: ${metrics.recurringPhrases.map((p) => `"${p}"`).join(', ')}.`
      : null,
  ]
    .filter(Boolean)
    .join(' ')
  return {
    styleAnalysis,
    suggestions: suggestionsFor(measured),
    learnedStyle,
    metrics,
    suggestedTraits: traits,
  }
}

/** One section of a sample, analysed in its language. */
export function analyzeSection(section: Section): StyleAnalysis {
  return describe(measure(section.text, section.language), true)
}

/**
 * POST /api/ai/analyze-writing-style: the spec's three texts, the measures, the traits. A sample
 * with a section per language describes each; its measures and traits are the first section's,
 * the language most of the mail was written in.
 */
export function analyzeStyle(text: string, language?: Language | null): StyleAnalysis {
  const sections = splitSections(text)
  if (sections.length === 0) return describe(measure(text, language), false)
  const analyses = sections.map(analyzeSection)
  if (analyses.length === 1) return analyses[0]!
  const label = (s: Section) =>
    s.messageCount === null
      ? LANGUAGE_NAME[s.language]
      : `${LANGUAGE_NAME[s.language]} (${plural(s.messageCount, 'e-mail', 'e-mails')})`
  const [first] = analyses as [StyleAnalysis, ...StyleAnalysis[]]
  return {
    styleAnalysis: analyses.map((a, i) => `${label(sections[i]!)}: ${a.styleAnalysis}`).join('\n'),
    suggestions: analyses.flatMap((a, i) =>
      a.suggestions.map((s) => `${LANGUAGE_NAME[sections[i]!.language]}: ${s}`),
    ),
    learnedStyle: analyses.map((a) => a.learnedStyle).join('\n'),
    metrics: first.metrics,
    suggestedTraits: first.suggestedTraits,
  }
}
