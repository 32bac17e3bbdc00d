/**
 * Finds the things a clause is about ("the signed security questionnaire", "las diapositivas",
 * "den Q3-Bericht") as lexicon entries with their determiner, adjectives, code and amount, so a
 * phrasebook can name them again in another language. Words around a noun that the lexicon
 * does not know are kept apart as `unknown`: the writer leaves them out and tells the user.
 */
import { QUALIFIER, type Amount } from './entities.js'
import { adjectives, nouns, type Adjective, type Noun } from './lexicon.js'
import { normalise, type Clause } from './text.js'

/** Whose the thing is, seen from the writer of the draft. */
export type Det = 'the' | 'a' | 'my' | 'our' | 'your'
export type Prep = 'with' | 'for' | 'about' | 'of' | 'to'

export type NounPhrase = {
  noun: Noun
  det: Det
  adjs: Adjective[]
  /** A code that reads the same in every language ("Q3", "INV-2041"). */
  qualifier: string | null
  amount: Amount | null
  /** "the help with the launch": the launch, and how it hangs on the head. */
  complement: { prep: Prep; np: NounPhrase } | null
  plural: boolean
  /** Words of the phrase the lexicon does not know ("security"). */
  unknown: string[]
  /**
   * Said as they were written: set when the draft is in English and so was the phrase, so
   * "security" can stay in "the signed security questionnaire".
   */
  keepUnknown?: boolean
  /** The phrase as written, for the notice to the user. */
  source: string
}

/**
 * Whose a thing is depends on who speaks: in a request the user speaks of the recipient ("her
 * report" is "your report" in the draft); in a mail the sender speaks ("my report" is theirs).
 */
export type Perspective = 'request' | 'mail'

const DETERMINERS: [string, Det | 'third'][] = [
  [
    "the|el|la|los|las|lo|le|les|l'|del|al|du|des|au|aux|der|die|das|den|dem|des|this|these|that|those|este|esta|estos|estas|ese|esa|ce|cet|cette|ces|dieser|diese|dieses|diesen|diesem",
    'the',
  ],
  ['a|an|un|una|unos|unas|une|ein|eine|einen|einem|einer|eines|some|any', 'a'],
  ['my|mi|mis|mon|ma|mes|mein|meine|meinen|meinem|meiner|meines', 'my'],
  [
    'our|nuestro|nuestra|nuestros|nuestras|notre|nos|unser|unsere|unseren|unserem|unserer|unseres',
    'our',
  ],
  [
    'your|tu|tus|ton|ta|tes|votre|vos|dein|deine|deinen|deinem|deiner|deines|ihr|ihre|ihren|ihrem|ihrer|ihres',
    'your',
  ],
  ['his|her|their|su|sus|son|sa|ses|leur|leurs|sein|seine|seinen|seinem|seiner|seines', 'third'],
]
const detOf = (word: string) =>
  DETERMINERS.find(([list]) => list.split('|').includes(word))?.[1] ?? null

const PREPOSITIONS: [Prep, string][] = [
  ['with', 'with|con|avec|mit|bei|beim'],
  ['for', 'for|para|pour|fur|zum|zur'],
  ['about', 'about|on|regarding|sobre|acerca|sur|concernant|uber|zu'],
  ['of', "of|de|del|du|des|d'|von|vom"],
]
/** How a complement hangs on its noun; "to" is never read (too common), only written ("the invitation to the workshop"). */
const prepOf = (word: string) =>
  PREPOSITIONS.find(([, list]) => list.split('|').includes(word))?.[0] ?? null

/**
 * Words that are never content: linking words a noun phrase may hold or stop at. Anything else
 * next to a noun that the lexicon does not know is content the writer cannot say.
 */
const GLUE = new Set(
  "and|or|y|o|e|et|ou|und|oder|to|a|an|the|for|of|de|que|qui|dass|que|please|por|favor|bitte|s'il|vous|plait|me|te|se|nos|os|mir|dir|uns|euch|him|her|them|us|you|i|we|le|lui|leur|ihm|ihnen|sie|ihn|es|it|esto|eso|ce|cela|ca|das|dies".split(
    '|',
  ),
)

function nounAt(clause: Clause, i: number): { noun: Noun; last: number; prefix: string } | null {
  const tokens = clause.tokens
  for (const size of [3, 2, 1]) {
    if (i + size > tokens.length) continue
    if (clause.used.slice(i, i + size).some(Boolean)) continue
    const phrase = tokens
      .slice(i, i + size)
      .map((t) => t.norm)
      .join(' ')
    const noun = nouns.find((n) => n.matches.includes(phrase))
    if (noun) return { noun, last: i + size - 1, prefix: '' }
  }
  const word = tokens[i]!.norm
  if (clause.used[i] || tokens[i]!.punct) return null
  // German compounds and hyphenated codes: "Sicherheitsfragebogen", "Q3-Bericht".
  const hyphen = word.lastIndexOf('-')
  if (hyphen > 0) {
    const noun = nouns.find((n) => n.matches.includes(word.slice(hyphen + 1)))
    if (noun) return { noun, last: i, prefix: word.slice(0, hyphen) }
  }
  for (const noun of nouns) {
    const suffix = noun.matches.find((m) => m.length >= 5 && !m.includes(' ') && word.endsWith(m))
    if (suffix && word.length > suffix.length + 2) {
      return { noun, last: i, prefix: word.slice(0, word.length - suffix.length) }
    }
  }
  return null
}

const adjectiveOf = (word: string) => adjectives.find((a) => a.matches.includes(word)) ?? null

/** The words of a phrase (and of its complement) the lexicon lacks, with the phrase they are in. */
export function unknownIn(np: NounPhrase): { words: string; within: string }[] {
  const inner = np.complement?.np.unknown ?? []
  const words = [...np.unknown, ...inner]
  return words.length ? [{ words: words.join(' '), within: np.source }] : []
}

/** An amount already read from the clause, which a noun phrase may take ("the invoice of €2,400"). */
export type PlacedAmount = { value: Amount; first: number; last: number }

/** The noun phrases of a clause, left to right; their tokens are marked as understood. */
export function findNounPhrases(
  clause: Clause,
  perspective: Perspective,
  amounts: PlacedAmount[] = [],
): NounPhrase[] {
  const found: NounPhrase[] = []
  for (let i = 0; i < clause.tokens.length; i++) {
    const head = nounAt(clause, i)
    if (!head) continue
    const { np, last } = phraseAround(clause, i, head, perspective, amounts)
    found.push(np)
    i = last
  }
  return found
}

function phraseAround(
  clause: Clause,
  i: number,
  head: { noun: Noun; last: number; prefix: string },
  perspective: Perspective,
  amounts: PlacedAmount[],
): { np: NounPhrase; last: number } {
  const { tokens } = clause
  const adjs: Adjective[] = []
  const unknown: string[] = []
  let qualifier: string | null = null
  let det: Det | 'third' | null = null
  let first = i
  let last = head.last
  const word = tokens[i]!.norm
  // Plural when a plural form was written ("reports"); "minutes" is plural only in English, and
  // each language's own form says whether its word is plural by nature (el acta, das Protokoll).
  const plural =
    Object.values(head.noun.forms).some(
      (f) => !f.pl && f.plural !== f.word && word === normalise(f.plural),
    ) ||
    (!head.prefix && word.endsWith('s') && head.noun.matches.includes(word.slice(0, -1)))
  if (head.prefix) {
    // "Sicherheitsfragebogen": the linking s belongs to neither word.
    const prefix = tokens[i]!.raw.slice(0, head.prefix.length)
      .replace(/-$/, '')
      .replace(/(heit|keit|ung|ion|tät|schaft)s$/i, '$1')
    if (QUALIFIER.test(prefix)) qualifier = prefix
    else unknown.push(prefix)
  }
  const takeQualifier = (raw: string) => {
    if (qualifier) return false
    qualifier = raw
    return true
  }
  // Leftwards: adjectives, a code or a name, words the lexicon lacks, up to the determiner.
  for (let j = i - 1; j >= 0 && i - j <= 4; j--) {
    const t = tokens[j]!
    if (clause.used[j] || t.punct) break
    const asDet = detOf(t.norm)
    if (asDet) {
      det = asDet
      first = j
      break
    }
    const adj = adjectiveOf(t.norm)
    if (adj) adjs.unshift(adj)
    else if ((QUALIFIER.test(t.raw) || isName(clause, j)) && takeQualifier(t.raw)) {
      // taken
    } else if (
      !GLUE.has(t.norm) &&
      !prepOf(t.norm) &&
      /\p{L}/u.test(t.norm) &&
      !startsClause(t.norm)
    )
      unknown.unshift(t.raw)
    else break
    first = j
  }
  // Rightwards: adjectives, a code, an amount, a complement ("de la reunión", "for the launch").
  let complement: NounPhrase['complement'] = null
  let amount: Amount | null = null
  for (let j = head.last + 1; j < tokens.length; j++) {
    const t = tokens[j]!
    const placed = amounts.find((a) => a.first === j || a.first === j + 1)
    if (placed && (placed.first === j || prepOf(t.norm))) {
      amount = placed.value
      last = placed.last
      break
    }
    if (clause.used[j] || t.punct) break
    const adj = adjectiveOf(t.norm)
    if (adj) {
      adjs.push(adj)
      last = j
      continue
    }
    if (QUALIFIER.test(t.raw) && !/^\d{1,2}$/.test(t.raw) && takeQualifier(t.raw)) {
      last = j
      continue
    }
    const prep = prepOf(t.norm)
    if (!prep) break
    let k = j + 1
    while (k < tokens.length && detOf(tokens[k]!.norm) && !clause.used[k]) k++
    if (k >= tokens.length || clause.used[k]) break
    if ((QUALIFIER.test(tokens[k]!.raw) || isName(clause, k)) && takeQualifier(tokens[k]!.raw)) {
      last = k
      break
    }
    // "with the product launch": the noun may come after a word or two that describe it.
    let at = k
    while (
      at < k + 2 &&
      at + 1 < tokens.length &&
      !nounAt(clause, at) &&
      !clause.used[at + 1] &&
      /\p{L}/u.test(tokens[at]!.norm) &&
      !GLUE.has(tokens[at]!.norm) &&
      !prepOf(tokens[at]!.norm)
    )
      at++
    const inner = nounAt(clause, at)
    if (!inner) break
    clause.use(first, j)
    const nested = phraseAround(clause, at, inner, perspective, amounts)
    complement = { prep, np: nested.np }
    last = nested.last
    break
  }
  clause.use(first, last)
  const np: NounPhrase = {
    noun: head.noun,
    det: resolveDet(det, head.noun, perspective),
    adjs,
    qualifier,
    amount,
    complement,
    plural,
    unknown,
    source: clause.slice(first, last),
  }
  return { np, last }
}

/**
 * A capitalised word inside a sentence that names nothing in the lexicon is a name ("Acme"), and
 * names read the same everywhere. German capitalises every noun, so there it must be unknown.
 */
function isName(clause: Clause, index: number): boolean {
  const t = clause.tokens[index]!
  return (
    index > 0 &&
    /^\p{Lu}[\p{Ll}]+$/u.test(t.raw) &&
    !detOf(t.norm) &&
    !GLUE.has(t.norm) &&
    !nounAt(clause, index)
  )
}

/** Verbs and words that start what a request asks, never part of a noun phrase. */
const startsClause = (word: string) =>
  /^(ask|send|share|thank|thanks|decline|accept|confirm|follow|propose|suggest|request|get|give|tell|say|write|remind|chase|check|schedule|arrange|book|set|move|need|want|would|could|can|will|should|is|are|be|was|were)$/.test(
    word,
  )

function resolveDet(det: Det | 'third' | null, noun: Noun, perspective: Perspective): Det {
  if (perspective === 'mail') {
    if (det === 'my' || det === 'our') return 'your'
    if (det === 'your') return 'my'
    if (det === 'third') return 'the'
  } else if (det === 'third' || (det === 'the' && noun.kind === 'personal')) return 'your'
  if (det) return det
  // "thank her for help" is for her help; "ask for slides" is for the slides.
  return noun.kind === 'personal' ? 'your' : 'the'
}
