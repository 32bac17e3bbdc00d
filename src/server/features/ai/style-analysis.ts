import type { StyleAnalysis, StyleMetrics, SuggestedTraits } from '../../../contract/ai.js'

/**
 * Style analysis (decision 034), computed on the server from the text alone: the same sample always
 * gives the same measurements. The measures are tuned for English (syllables, Flesch); the
 * greeting and sign-off lists also know Spanish, French and German.
 */

const GREETING =
  /^(hi|hello|hey|dear|good (morning|afternoon|evening)|greetings|hola|buenos d[ií]as|estimad[oa]s?|querid[oa]s?|bonjour|bonsoir|salut|cher|ch[èe]re|hallo|guten (morgen|tag)|liebe[rs]?|sehr geehrte[rs]?)\b/i
const SIGNOFF =
  /^(best( regards| wishes)?|kind regards|warm regards|regards|sincerely|yours( sincerely| truly| faithfully)?|cheers|thanks( again| so much)?|thank you|many thanks|talk soon|all the best|take care|saludos( cordiales)?|un saludo|atentamente|un abrazo|cordialement|bien (à vous|cordialement)|amicalement|bises|mit freundlichen gr[üu](ß|ss)en|viele gr[üu](ß|ss)e|liebe gr[üu](ß|ss)e|beste gr[üu](ß|ss)e)\b[\s,.!]*$/i

const FORMAL_MARKERS = [
  /\bdear\b/i,
  /\bsincerely\b/i,
  /\bkind regards\b/i,
  /\bbest regards\b/i,
  /\bfurthermore\b/i,
  /\bmoreover\b/i,
  /\bregarding\b/i,
  /\bplease find\b/i,
  /\bi would like to\b/i,
  /\bkindly\b/i,
  /\btherefore\b/i,
  /\bhowever\b/i,
  /\bplease do not hesitate\b/i,
  /\bat your earliest convenience\b/i,
]
const INFORMAL_MARKERS = [
  /\bhey\b/i,
  /\bcheers\b/i,
  /\bbtw\b/i,
  /\blol\b/i,
  /\bgonna\b/i,
  /\bwanna\b/i,
  /\bthx\b/i,
  /\bawesome\b/i,
  /\bcool\b/i,
  /\bno worries\b/i,
]
const CONTRACTION = /\b[a-z]+['’](m|re|s|ve|ll|d|t)\b/gi

const FRIENDLY = /\b(thanks|thank you|great|happy|glad|love|wonderful|excited|appreciate)\b/gi
const EMPATHETIC = /\b(sorry|understand|hope you|feel|apologi[sz]e|difficult)\b/gi

const STOP_WORDS = new Set(
  'a an the and or but if to of in on at for with from by as is are was were be been it this that these those i you he she we they me him her us them my your our their so do does did not no yes have has had will would can could should just also very'.split(
    ' ',
  ),
)

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** Vowel groups, less a silent final e: the usual estimate behind Flesch reading ease. */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-zà-ÿ]/g, '')
  if (w.length <= 3) return 1
  const groups = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').match(/[aeiouyà-ÿ]+/g)
  return Math.max(1, groups?.length ?? 1)
}

/** A sent message without the quoted mail it answered ("On … wrote:" and "> " lines). */
export function stripQuotedReply(text: string): string {
  const kept: string[] = []
  for (const line of text.split(/\r?\n/)) {
    if (
      /^(on .+ wrote:|el .+ escribi[óo]:|le .+ a [ée]crit ?:|am .+ schrieb .+:|-{2,} ?original message ?-{2,}|-{2,} ?forwarded message ?-{2,})/i.test(
        line.trim(),
      )
    ) {
      break
    }
    if (!line.trimStart().startsWith('>')) kept.push(line)
  }
  return kept.join('\n').trim()
}

function tally(values: string[]): string[] {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v)
}

/** The greeting word(s) of a line: "Hi Ana," → "Hi"; "Good morning team" → "Good morning". */
function greetingOf(line: string): string | null {
  const match = GREETING.exec(line)
  if (!match || line.length > 60) return null
  const word = match[0]
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()
}

function signoffOf(line: string): string | null {
  if (!SIGNOFF.test(line)) return null
  const clean = line.replace(/[\s,.!]+$/, '')
  return clean.charAt(0).toUpperCase() + clean.slice(1)
}

/** Three-word phrases used at least twice, most frequent first, not made of filler only. */
function recurringPhrases(sentences: string[]): string[] {
  const grams: string[] = []
  for (const sentence of sentences) {
    const words = sentence.toLowerCase().match(/[\p{L}'’]+/gu) ?? []
    for (let i = 0; i + 3 <= words.length; i++) {
      const gram = words.slice(i, i + 3)
      if (gram.every((w) => STOP_WORDS.has(w))) continue
      grams.push(gram.join(' '))
    }
  }
  const counts = new Map<string, number>()
  for (const g of grams) counts.set(g, (counts.get(g) ?? 0) + 1)
  return [...counts.entries()]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([g]) => g)
}

export function measureStyle(text: string): StyleMetrics {
  const greetings: string[] = []
  const signoffs: string[] = []
  /** Paragraphs of prose; a wrapped line does not end a sentence, a blank line does. */
  const paragraphs: string[] = []
  let afterSignoff = false
  for (const paragraph of text.split(/\r?\n\s*\n/)) {
    const prose: string[] = []
    for (const line of paragraph.split(/\r?\n/).map((l) => l.trim())) {
      if (!line) continue
      const greeting = greetingOf(line)
      const signoff = greeting ? null : signoffOf(line)
      if (greeting) greetings.push(greeting)
      else if (signoff) signoffs.push(signoff)
      // The name under a sign-off is a signature, not a sentence.
      else if (!(afterSignoff && line.split(/\s+/).length <= 4 && !/[.!?]$/.test(line))) {
        prose.push(line)
      }
      afterSignoff = Boolean(signoff) || (afterSignoff && !prose.length)
    }
    if (prose.length) paragraphs.push(prose.join(' '))
  }
  const body = paragraphs.join('\n')
  const sentences = paragraphs
    .flatMap((p) => p.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s))
  const words = body.match(/[\p{L}\p{N}'’-]+/gu) ?? []
  const wordCount = words.length
  const sentenceCount = Math.max(sentences.length, wordCount ? 1 : 0)
  const syllableCounts = words.map(syllables)
  const totalSyllables = syllableCounts.reduce((a, b) => a + b, 0)
  const complex = syllableCounts.filter((s) => s >= 3).length
  const averageSentenceLength = sentenceCount ? wordCount / sentenceCount : 0
  const complexWordShare = wordCount ? complex / wordCount : 0
  const readability = wordCount
    ? Math.min(
        100,
        Math.max(0, 206.835 - 1.015 * averageSentenceLength - 84.6 * (totalSyllables / wordCount)),
      )
    : 0
  const averageWordLength = wordCount ? words.join('').length / wordCount : 0
  const vocabularyLevel =
    complexWordShare > 0.2 || averageWordLength > 5.5
      ? 'advanced'
      : complexWordShare < 0.08 && averageWordLength < 4.6
        ? 'simple'
        : 'standard'

  const formalFound = FORMAL_MARKERS.flatMap((p) => p.exec(text)?.[0] ?? [])
  const informalFound = INFORMAL_MARKERS.flatMap((p) => p.exec(text)?.[0] ?? [])
  const contractions = text.match(CONTRACTION) ?? []
  const exclamations = (text.match(/!/g) ?? []).length
  const informalScore = informalFound.length + contractions.length * 0.5 + exclamations * 0.5
  const formality = formalFound.length >= informalScore ? 'formal' : 'informal'
  const formalityMarkers = [
    ...formalFound.map((m) => `formal: "${m.toLowerCase()}"`),
    ...informalFound.map((m) => `informal: "${m.toLowerCase()}"`),
    ...(contractions.length ? [`informal: ${contractions.length} contractions`] : []),
    ...(exclamations ? [`informal: ${exclamations} exclamation marks`] : []),
  ]

  const friendly = (text.match(FRIENDLY) ?? []).length + exclamations
  const empathetic = (text.match(EMPATHETIC) ?? []).length
  const tone =
    empathetic >= 2 && empathetic >= friendly / 2
      ? 'empathetic'
      : friendly >= Math.max(2, sentenceCount / 4)
        ? formality === 'formal'
          ? 'friendly'
          : 'casual'
        : averageSentenceLength > 0 && averageSentenceLength < 9 && formalFound.length === 0
          ? 'direct'
          : formality === 'formal' && formalFound.length >= 3
            ? 'formal'
            : 'professional'

  return {
    words: wordCount,
    sentences: sentenceCount,
    averageSentenceLength: round(averageSentenceLength),
    complexWordShare: round(complexWordShare, 3),
    readability: round(readability),
    vocabularyLevel,
    formality,
    formalityMarkers,
    tone,
    greetings: tally(greetings),
    signoffs: tally(signoffs),
    recurringPhrases: recurringPhrases(sentences),
  }
}

function readabilityLabel(score: number): string {
  if (score >= 70) return 'easy to read'
  if (score >= 50) return 'fairly easy to read'
  if (score >= 30) return 'fairly difficult to read'
  return 'difficult to read'
}

function suggestTraits(m: StyleMetrics): SuggestedTraits {
  const sentenceStructure =
    m.averageSentenceLength < 12 ? 'short' : m.averageSentenceLength > 20 ? 'long' : 'mixed'
  const style =
    m.averageSentenceLength > 22
      ? 'detailed'
      : m.formality === 'informal'
        ? 'conversational'
        : m.complexWordShare > 0.2
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

function suggestionsFor(m: StyleMetrics): string[] {
  const out: string[] = []
  if (m.averageSentenceLength > 25) {
    out.push(
      `Your sentences average ${m.averageSentenceLength} words; splitting the longest ones makes e-mails quicker to read.`,
    )
  }
  if (m.readability < 40) {
    out.push('Prefer shorter, everyday words where you can: the text reads as difficult.')
  }
  if (m.complexWordShare > 0.2) {
    out.push('Many words have three syllables or more; simpler synonyms keep the reader moving.')
  }
  if (m.greetings.length === 0) out.push('Open with a greeting that names the reader.')
  if (m.signoffs.length === 0) out.push('Close with a consistent sign-off.')
  if (m.formalityMarkers.some((x) => x.includes('exclamation')) && m.formality === 'informal') {
    out.push('Keep exclamation marks for what deserves them; a few go a long way.')
  }
  if (m.averageSentenceLength > 0 && m.averageSentenceLength < 7) {
    out.push('Very short sentences can read as curt; join a few with "and" or "because".')
  }
  if (out.length === 0) out.push('Your writing is clear and balanced: keep this style.')
  return out
}

/** POST /api/ai/analyze-writing-style: the spec's three texts, the measures, the traits. */
export function analyzeStyle(text: string): StyleAnalysis {
  const metrics = measureStyle(text)
  const traits = suggestTraits(metrics)
  const complexPercent = Math.round(metrics.complexWordShare * 100)
  const styleAnalysis = [
    `${metrics.words} words in ${metrics.sentences} sentences, ${metrics.averageSentenceLength} words a sentence on average.`,
    `Readability ${metrics.readability} (Flesch): ${readabilityLabel(metrics.readability)}.`,
    `Vocabulary: ${metrics.vocabularyLevel} (${complexPercent}% of words have three syllables or more).`,
    `Formality: ${metrics.formality}${metrics.formalityMarkers.length ? ` (${metrics.formalityMarkers.slice(0, 4).join(', ')})` : ''}.`,
    `Tone: ${metrics.tone}.`,
  ].join(' ')
  const habits = [
    metrics.greetings[0] ? `usually open with "${metrics.greetings[0]}"` : null,
    metrics.signoffs[0] ? `close with "${metrics.signoffs[0]}"` : null,
  ].filter(Boolean)
  const learnedStyle = [
    `You write in a ${metrics.tone}, ${metrics.formality} voice with ${traits.sentenceStructure} sentences and ${metrics.vocabularyLevel} vocabulary.`,
    habits.length ? `You ${habits.join(' and ')}.` : null,
    metrics.recurringPhrases.length
      ? `Phrases you return to: ${metrics.recurringPhrases.map((p) => `"${p}"`).join(', ')}.`
      : null,
  ]
    .filter(Boolean)
    .join(' ')
  return {
    styleAnalysis,
    suggestions: suggestionsFor(metrics),
    learnedStyle,
    metrics,
    suggestedTraits: traits,
  }
}
