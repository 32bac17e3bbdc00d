import type { StyleMetrics } from '../../../../contract/ai.js'
import { detectLanguage } from './detect.js'
import { greetingOn, signoffOn, wordsPattern, type FoundFormula } from './formulas.js'
import type { Language } from './languages.js'
import { LEXICON, type Lexicon } from './lexicon.js'
import { isHeader } from './sections.js'

/**
 * Style measured from the text alone (decisions 034 and 047), in the text's own language: its
 * syllables, its readability formula, its register words and its "you".
 */

/** What the analysis texts need besides the contract's metrics. */
export type Measured = {
  metrics: StyleMetrics
  language: Language
  /** The readability formula used, as the analysis names it. */
  readabilityFormula: string
  /** Syllables from which a word counts as complex in this language. */
  complexSyllables: number
  /** What made the text formal or informal, strongest first, for the analysis to quote. */
  evidence: { formal: string[]; informal: string[] }
}

type Scale = {
  formula: string
  /** From average sentence length (words) and average word length (syllables). */
  score: (wordsPerSentence: number, syllablesPerWord: number) => number
  complexSyllables: number
  /** Below both: simple vocabulary. */
  simple: { share: number; length: number }
  /** Above either: advanced vocabulary. */
  advanced: { share: number; length: number }
}

/**
 * Flesch's reading ease and its versions for the other three languages, each fitted to its
 * language's word and sentence lengths, so the same labels (easy ... difficult) apply. Words run
 * longer in German and have more syllables in Spanish, so "complex" and the vocabulary levels are
 * set per language too; with English's, every German letter read as advanced.
 */
const SCALE: Record<Language, Scale> = {
  english: {
    formula: 'Flesch reading ease',
    score: (asl, asw) => 206.835 - 1.015 * asl - 84.6 * asw,
    complexSyllables: 3,
    simple: { share: 0.08, length: 4.6 },
    advanced: { share: 0.2, length: 5.5 },
  },
  spanish: {
    formula: 'Szigriszt-Pazos, Flesch for Spanish',
    score: (asl, asw) => 206.835 - 62.3 * asw - asl,
    complexSyllables: 4,
    simple: { share: 0.08, length: 4.8 },
    advanced: { share: 0.2, length: 5.9 },
  },
  french: {
    formula: 'Kandel-Moles, Flesch for French',
    score: (asl, asw) => 207 - 1.015 * asl - 73.6 * asw,
    complexSyllables: 3,
    simple: { share: 0.1, length: 4.7 },
    advanced: { share: 0.24, length: 5.8 },
  },
  german: {
    formula: 'Amstad, Flesch for German',
    score: (asl, asw) => 180 - asl - 58.5 * asw,
    complexSyllables: 3,
    simple: { share: 0.12, length: 5.3 },
    advanced: { share: 0.28, length: 6.6 },
  },
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

const SPANISH_STRONG = new Set('aeoáéíóú')

/**
 * Syllables of a word, estimated from its vowel groups the way each language's readability
 * formula expects: English drops a silent final e, Spanish splits two strong vowels ("dí-a",
 * "po-e-ta"), French drops a mute final e ("pe-tite"), German's ei, au, eu and ie are one.
 */
export function syllables(word: string, language: Language = 'english'): number {
  const w = word.toLowerCase()
  if (language === 'english') {
    const clean = w.replace(/[^a-zà-ÿ]/g, '')
    if (clean.length <= 3) return 1
    const groups = clean.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').match(/[aeiouyà-ÿ]+/g)
    return Math.max(1, groups?.length ?? 1)
  }
  if (language === 'spanish') {
    let count = 0
    for (const group of w.match(/[aeiouáéíóúü]+/g) ?? []) {
      count += 1
      for (let i = 1; i < group.length; i++) {
        if (SPANISH_STRONG.has(group[i - 1]!) && SPANISH_STRONG.has(group[i]!)) count += 1
      }
    }
    return Math.max(1, count)
  }
  if (language === 'french') {
    const groups = w.match(/[aeiouyàâäéèêëîïôöùûüœæ]+/g) ?? []
    const muteEnding = groups.length > 1 && /[^aeiouyàâäéèêëîïôöùûüœæ]es?$/.test(w)
    return Math.max(1, groups.length - (muteEnding ? 1 : 0))
  }
  return Math.max(1, (w.match(/[aeiouyäöü]+/g) ?? []).length)
}

function tally(found: string[]): string[] {
  const counts = new Map<string, { text: string; n: number }>()
  for (const text of found) {
    const key = text.toLowerCase()
    const entry = counts.get(key) ?? { text, n: 0 }
    entry.n += 1
    counts.set(key, entry)
  }
  return [...counts.values()].sort((a, b) => b.n - a.n).map((e) => e.text)
}

/** Three-word phrases used at least twice, most frequent first, not made of filler only. */
function recurringPhrases(sentences: string[], stopWords: ReadonlySet<string>): string[] {
  const counts = new Map<string, number>()
  for (const sentence of sentences) {
    const words = sentence.toLowerCase().match(/[\p{L}'’]+/gu) ?? []
    for (let i = 0; i + 3 <= words.length; i++) {
      const gram = words.slice(i, i + 3)
      if (gram.every((w) => stopWords.has(w))) continue
      const key = gram.join(' ')
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return [...counts.entries()]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([g]) => g)
}

const count = (text: string, patterns: readonly string[]) =>
  patterns.reduce((n, p) => n + (text.match(wordsPattern(p)) ?? []).length, 0)

/** The first occurrence of each pattern found, lower-cased: each counts once. */
const markersFound = (text: string, patterns: readonly string[]) =>
  patterns.flatMap((p) => text.match(wordsPattern(p))?.[0]?.toLowerCase() ?? [])

/**
 * Occurrences of the polite "you". German's "Sie" and "Ihr" are also "she", "they" and "her"
 * except when capitalised inside a sentence, so a German one at a sentence start is not counted.
 */
function politeYou(text: string, lexicon: Lexicon): number {
  if (!lexicon.politeYou) return 0
  const re = wordsPattern(lexicon.politeYou, lexicon.politeYouCaseSensitive)
  let n = 0
  for (const match of text.matchAll(re)) {
    const before = text.slice(0, match.index).replace(/[ \t]+$/, '')
    if (lexicon.politeYouCaseSensitive && (before === '' || /[.!?:;\n"„“»«]$/.test(before))) {
      continue
    }
    n += 1
  }
  return n
}

/** How each language names its two "you"s in the analysis. */
const YOU: Record<Language, { familiar: string; polite: string }> = {
  english: { familiar: 'you', polite: 'you' },
  spanish: { familiar: 'tú', polite: 'usted' },
  french: { familiar: 'tu', polite: 'vous' },
  german: { familiar: 'du', polite: 'Sie' },
}

/** Weights of the evidence for formality: the "you" says most, then greeting and sign-off. */
const WEIGHT = { you: 3, formula: 2, word: 1, contraction: 0.5, exclamation: 0.5 }
const MAX_CONTRACTIONS_WEIGHT = 3
const MAX_EXCLAMATIONS_WEIGHT = 2
const ENGLISH_CONTRACTION = /\b[a-z]+['’](?:m|re|s|ve|ll|d|t)\b/gi

/** A sample's style, in its language (detected unless given). */
export function measure(text: string, language?: Language | null): Measured {
  const lines = text.split(/\r?\n/).filter((line) => !isHeader(line))
  const body = lines.join('\n')
  const lang = language ?? detectLanguage(body) ?? 'english'
  const lexicon = LEXICON[lang]
  const scale = SCALE[lang]

  const greetings: FoundFormula[] = []
  const signoffs: FoundFormula[] = []
  /** Paragraphs of prose; a wrapped line does not end a sentence, a blank line does. */
  const paragraphs: string[] = []
  let afterSignoff = false
  let proseInMessage = false
  for (const paragraph of body.split(/\r?\n\s*\n/)) {
    const prose: string[] = []
    for (const line of paragraph.split(/\r?\n/).map((l) => l.trim())) {
      if (!line) continue
      const greeting = greetingOn(line, lang)
      const signoff = signoffOn(line, lang)
      // "Salut", "Servus", "Ciao" open and close a message: after prose they close it.
      if (greeting && !(signoff && proseInMessage)) {
        greetings.push(greeting)
        afterSignoff = proseInMessage = false
      } else if (signoff) {
        signoffs.push(signoff)
        afterSignoff = true
        proseInMessage = false
      } else if (afterSignoff && line.split(/\s+/).length <= 4 && !/[.!?]$/.test(line)) {
        // The name under a sign-off is a signature, not a sentence.
      } else {
        prose.push(line)
        afterSignoff = false
        proseInMessage = true
      }
    }
    if (prose.length) paragraphs.push(prose.join(' '))
  }
  const prose = paragraphs.join('\n')
  const sentences = paragraphs
    .flatMap((p) => p.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s))
  const words = prose.match(/[\p{L}\p{N}'’-]+/gu) ?? []
  const wordCount = words.length
  const sentenceCount = Math.max(sentences.length, wordCount ? 1 : 0)
  const syllableCounts = words.map((w) => syllables(w, lang))
  const totalSyllables = syllableCounts.reduce((a, b) => a + b, 0)
  const complex = syllableCounts.filter((s) => s >= scale.complexSyllables).length
  const averageSentenceLength = sentenceCount ? wordCount / sentenceCount : 0
  const complexWordShare = wordCount ? complex / wordCount : 0
  const readability = wordCount
    ? Math.min(100, Math.max(0, scale.score(averageSentenceLength, totalSyllables / wordCount)))
    : 0
  const averageWordLength = wordCount ? words.join('').length / wordCount : 0
  const vocabularyLevel =
    complexWordShare > scale.advanced.share || averageWordLength > scale.advanced.length
      ? 'advanced'
      : complexWordShare < scale.simple.share && averageWordLength < scale.simple.length
        ? 'simple'
        : 'standard'

  // Formality: the evidence of each side, weighed.
  let formalScore = 0
  let informalScore = 0
  const markers = { formal: [] as string[], informal: [] as string[] }
  const evidence = { formal: [] as string[], informal: [] as string[] }
  const familiar = lexicon.familiarYou
    ? (prose.match(wordsPattern(lexicon.familiarYou)) ?? []).length
    : 0
  const polite = politeYou(prose, lexicon)
  if (familiar > polite) informalScore += WEIGHT.you
  else if (polite > familiar) formalScore += WEIGHT.you
  else if (polite) {
    formalScore += WEIGHT.you / 2
    informalScore += WEIGHT.you / 2
  }
  const you = YOU[lang]
  if (polite) {
    markers.formal.push(`${polite} "${you.polite}" forms`)
    evidence.formal.push(`"${you.polite}" (${polite}×)`)
  }
  if (familiar) {
    markers.informal.push(`${familiar} "${you.familiar}" forms`)
    evidence.informal.push(`"${you.familiar}" (${familiar}×)`)
  }
  for (const [kind, found] of [
    ['greeting', greetings],
    ['sign-off', signoffs],
  ] as const) {
    for (const register of ['formal', 'informal'] as const) {
      const ofRegister = found.filter((f) => f.register === register)
      if (!ofRegister.length) continue
      const weight = (WEIGHT.formula * ofRegister.length) / found.length
      if (register === 'formal') formalScore += weight
      else informalScore += weight
      for (const text of tally(ofRegister.map((f) => f.text))) {
        markers[register].push(`${register} ${kind}: "${text}"`)
        evidence[register].push(`the ${kind} "${text}"`)
      }
    }
  }
  const formalWords = markersFound(prose, lexicon.formal)
  const informalWords = markersFound(prose, lexicon.informal)
  formalScore += formalWords.length * WEIGHT.word
  informalScore += informalWords.length * WEIGHT.word
  markers.formal.push(...formalWords.map((m) => `formal: "${m}"`))
  markers.informal.push(...informalWords.map((m) => `informal: "${m}"`))
  evidence.formal.push(...formalWords.map((m) => `"${m}"`))
  evidence.informal.push(...informalWords.map((m) => `"${m}"`))
  // Elisions (c'est, j'ai) are standard French; only English's contractions are casual.
  const contractions = lang === 'english' ? (prose.match(ENGLISH_CONTRACTION) ?? []).length : 0
  const exclamations = (prose.match(/!/g) ?? []).length
  informalScore += Math.min(MAX_CONTRACTIONS_WEIGHT, contractions * WEIGHT.contraction)
  informalScore += Math.min(MAX_EXCLAMATIONS_WEIGHT, exclamations * WEIGHT.exclamation)
  if (contractions) {
    const found = plural(contractions, 'contraction', 'contractions')
    markers.informal.push(`informal: ${found}`)
    evidence.informal.push(found)
  }
  if (exclamations) {
    const found = plural(exclamations, 'exclamation mark', 'exclamation marks')
    markers.informal.push(`informal: ${found}`)
    evidence.informal.push(found)
  }
  // No evidence either way reads as formal: the safer register for an e-mail.
  const formality = formalScore >= informalScore ? 'formal' : 'informal'

  const formalCount = markers.formal.length
  const friendly = count(prose, lexicon.friendly) + exclamations
  const empathetic = count(prose, lexicon.empathetic)
  const tone =
    empathetic >= 2 && empathetic >= friendly / 2
      ? 'empathetic'
      : friendly >= Math.max(2, sentenceCount / 4)
        ? formality === 'formal'
          ? 'friendly'
          : 'casual'
        : averageSentenceLength > 0 && averageSentenceLength < 9 && formalCount === 0
          ? 'direct'
          : formality === 'formal'
            ? formalCount >= 3
              ? 'formal'
              : 'professional'
            : 'casual'

  return {
    metrics: {
      words: wordCount,
      sentences: sentenceCount,
      averageSentenceLength: round(averageSentenceLength),
      complexWordShare: round(complexWordShare, 3),
      readability: round(readability),
      vocabularyLevel,
      formality,
      // The side that won first: the analysis quotes the first few.
      formalityMarkers:
        formality === 'formal'
          ? [...markers.formal, ...markers.informal]
          : [...markers.informal, ...markers.formal],
      tone,
      greetings: tally(greetings.map((g) => g.text)),
      signoffs: tally(signoffs.map((s) => s.text)),
      recurringPhrases: recurringPhrases(sentences, lexicon.stopWords),
    },
    language: lang,
    readabilityFormula: scale.formula,
    complexSyllables: scale.complexSyllables,
    evidence,
  }
}

/** The contract's measures of a sample, in its language (detected unless given). */
export function measureStyle(text: string, language?: Language | null): StyleMetrics {
  return measure(text, language).metrics
}
