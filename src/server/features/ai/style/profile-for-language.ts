import type { StyleAnalysis } from '../../../../contract/ai.js'
import type { WritingProfile } from '../../../../contract/profiles.js'
import { analyzeSection } from '../style-analysis.js'
import { detectLanguage } from './detect.js'
import { signoffOn } from './formulas.js'
import type { Language } from './languages.js'
import { splitSections, type Section } from './sections.js'

/** The parts of a writing profile a draft is written from. */
export type ProfileVoice = Pick<
  WritingProfile,
  | 'tone'
  | 'style'
  | 'vocabulary'
  | 'sentenceStructure'
  | 'personalityTraits'
  | 'commonPhrases'
  | 'avoidPhrases'
  | 'signatureStyle'
  | 'exampleText'
>

/** What was learned of the user's writing in the language the profile is read for. */
export type LearnedVoice = {
  /** The language of the example text used: the one asked for, or the profile's main one. */
  language: Language
  /** False when the profile holds nothing in the language asked for. */
  matchesLanguage: boolean
  /** Sent messages the section was learned from; null for a typed or uploaded sample. */
  messageCount: number | null
  formality: StyleAnalysis['metrics']['formality']
  tone: string
  greeting: string | null
  signoff: string | null
  /** "In German you write in a casual voice with short sentences …" */
  learnedStyle: string
}

const TRAITS = ['tone', 'style', 'vocabulary', 'sentenceStructure'] as const

/** The example text's sections, or the whole text as one in its detected language. */
function sectionsOf(exampleText: string | null): Section[] {
  const text = exampleText?.trim() ?? ''
  if (!text) return []
  const sections = splitSections(text)
  if (sections.length) return sections
  const language = detectLanguage(text)
  return language ? [{ language, messageCount: null, text }] : []
}

/**
 * A writing profile as a draft in `language` should read it (decision 047). When the profile's
 * example text has a section in that language (learned from sent mail), the draft gets:
 * - that section as its example text;
 * - that section's traits for tone, style, vocabulary and sentence structure where the profile
 *   still holds the traits learned from its main language (a trait the user changed stays);
 * - common phrases without those found only in another language's section, plus the phrases
 *   this language's section returns to;
 * - a signature style in this language: a sign-off of another language is replaced by this
 *   section's usual one.
 * With no section in that language, the main section's text stays as the example, and a sign-off
 * in another language is dropped, so the contact's own sign-off applies. `learned` says what was
 * used. Pure: the same profile and language always give the same answer.
 */
export function profileForLanguage<P extends ProfileVoice>(
  profile: P,
  language: Language | null,
): P & { learned: LearnedVoice | null } {
  const sections = sectionsOf(profile.exampleText)
  const main = sections[0]
  const signoffLanguage = (text: string) => {
    const found = signoffOn(text, language)
    return found && found.language
  }
  const signatureForeign =
    profile.signatureStyle !== null &&
    language !== null &&
    (signoffLanguage(profile.signatureStyle) ?? language) !== language
  if (!main) {
    return {
      ...profile,
      signatureStyle: signatureForeign ? null : profile.signatureStyle,
      learned: null,
    }
  }
  const chosen = sections.find((s) => s.language === language) ?? null
  const used = chosen ?? main
  const usedAnalysis = analyzeSection(used)
  const mainTraits =
    used === main ? usedAnalysis.suggestedTraits : analyzeSection(main).suggestedTraits
  const traits = Object.fromEntries(
    TRAITS.map((key) => [
      key,
      profile[key] === mainTraits[key] ? usedAnalysis.suggestedTraits[key] : profile[key],
    ]),
  ) as Pick<P, (typeof TRAITS)[number]>

  const usedText = used.text.toLowerCase()
  const otherTexts = sections.filter((s) => s !== used).map((s) => s.text.toLowerCase())
  const ownPhrase = (phrase: string) => {
    const p = phrase.toLowerCase()
    return usedText.includes(p) || !otherTexts.some((t) => t.includes(p))
  }
  const phrases = profile.commonPhrases.filter(ownPhrase)
  if (used !== main) {
    for (const phrase of usedAnalysis.metrics.recurringPhrases) {
      if (!phrases.some((p) => p.toLowerCase() === phrase)) phrases.push(phrase)
    }
  }

  // A sign-off is foreign when the lexicon places it in another language, or when only another
  // section of the sample uses it.
  const signature = profile.signatureStyle
  const foreign =
    signature !== null && (signatureForeign || (chosen !== null && !ownPhrase(signature)))
  const metrics = usedAnalysis.metrics
  return {
    ...profile,
    ...traits,
    commonPhrases: phrases,
    signatureStyle: foreign ? (chosen ? (metrics.signoffs[0] ?? null) : null) : signature,
    exampleText: used.text,
    learned: {
      language: used.language,
      matchesLanguage: chosen !== null,
      messageCount: used.messageCount,
      formality: metrics.formality,
      tone: metrics.tone,
      greeting: metrics.greetings[0] ?? null,
      signoff: metrics.signoffs[0] ?? null,
      learnedStyle: usedAnalysis.learnedStyle,
    },
  }
}
