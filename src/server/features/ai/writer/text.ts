/**
 * Small text tools the offline writer's readers and writers share: tokens with their place in
 * the text (so a reader can tell which words it understood), accent-free matching, sentences,
 * the variation picker and the shared-run check that keeps a draft from echoing its sources.
 */

/** A word, number or punctuation mark, with where it sits in the source text. */
export type Token = {
  raw: string
  /** Lower case without accents: what patterns are matched against. */
  norm: string
  start: number
  end: number
  /** Punctuation that ends a clause (. , ; : ! ? and the like). */
  punct: boolean
}

/** Lower case, accents off, curly apostrophes straightened: "Réunion" and "reunion" match. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
}

/**
 * Words keep inner apostrophes and hyphens ("d'ici", "Q3-Bericht"); a number keeps its
 * thousands groups, decimals or minutes and its currency sign ("€2,400", "2.400 €", "15:30");
 * "a.m.", "15h30" and the German ordinal "15." before a month stay whole.
 */
const TOKEN = new RegExp(
  [
    String.raw`[ap]\.m\.`,
    String.raw`\d{1,2}h\d{2}`,
    String.raw`\d{1,2}\.(?=\s*(?:jan|feb|m[aä]r|apr|mai|jun|jul|aug|sep|okt|nov|dez))`,
    String.raw`(?:[€$£]\s?)?\d+(?:[.,\u00a0\u202f ]\d{3})*(?:[.,:]\d{1,2})?(?:\s?[€$£](?!\p{L}))?`,
    String.raw`[\p{L}\p{N}#]+(?:['’-][\p{L}\p{N}]+)*`,
    String.raw`[¿¡?!.,;:()"“”«»„]`,
  ].join('|'),
  'giu',
)

/** French elision: "l'invitation" is two words, the article and the noun. */
const ELISION = /^(l|d|j|m|t|s|n|c|qu|jusqu|lorsqu|puisqu)['’](?=\p{L})/iu

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const match of text.matchAll(TOKEN)) {
    const elided = ELISION.exec(match[0])
    if (elided) {
      tokens.push(token(elided[0], match.index))
      tokens.push(token(match[0].slice(elided[0].length), match.index + elided[0].length))
    } else tokens.push(token(match[0], match.index))
  }
  return tokens
}

/**
 * A stretch of text being read: its tokens, their normalised words joined by single spaces
 * (what patterns run on), and which tokens a reader has understood.
 */
export class Clause {
  readonly text: string
  private readonly offsets: number[] = []
  readonly used: boolean[]
  constructor(
    readonly tokens: Token[],
    readonly source: string,
  ) {
    let at = 0
    for (const t of tokens) {
      this.offsets.push(at)
      at += t.norm.length + 1
    }
    this.text = tokens.map((t) => t.norm).join(' ')
    this.used = tokens.map(() => false)
  }

  /** Every match of `pattern` (global, on the normalised text) as the tokens it covers. */
  find(pattern: RegExp): { first: number; last: number; match: RegExpExecArray }[] {
    const found: { first: number; last: number; match: RegExpExecArray }[] = []
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    )
    for (let m = global.exec(this.text); m; m = global.exec(this.text)) {
      if (m[0].length === 0) {
        global.lastIndex++
        continue
      }
      const first = this.tokenAt(m.index)
      const last = this.tokenAt(m.index + m[0].length - 1)
      if (this.used.slice(first, last + 1).some(Boolean)) continue
      found.push({ first, last, match: m })
    }
    return found
  }

  use(first: number, last: number) {
    for (let i = first; i <= last; i++) this.used[i] = true
  }

  /** The source text of tokens first..last, as the user wrote it. */
  slice(first: number, last: number): string {
    return this.source.slice(this.tokens[first]!.start, this.tokens[last]!.end)
  }

  private tokenAt(offset: number): number {
    let i = 0
    while (i + 1 < this.offsets.length && this.offsets[i + 1]! <= offset) i++
    return i
  }
}

/** Wraps a pattern in word boundaries that know accented letters (\b does not). */
export function words(source: string, flags = 'u'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}'])(?:${source})(?![\\p{L}\\p{N}])`, flags)
}

function token(raw: string, start: number): Token {
  return {
    raw,
    norm: normalise(raw),
    start,
    end: start + raw.length,
    punct: /^[¿¡?!.,;:()"“”«»„]$/.test(raw),
  }
}

/** A sentence and its end mark; a dot inside a number ("2.400", "15.30") ends nothing. */
export const SENTENCE =
  /(?:[^.!?]|\.(?=\d)|(?<=\d)\.(?=\s(?:jan|feb|m[aä]r|apr|mai|jun|jul|aug|sep|okt|nov|dez)))+(?:[.!?]+|$)/gi

/** The text's sentences, each with its end mark; a line break ends a sentence too. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.match(SENTENCE) ?? [])
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s))
}

/**
 * Deterministic choices from the prompt's Variation: each choice takes the next "digit" of the
 * number in a mixed radix, so two variations that differ pick differently somewhere as long as
 * the draft has choices left, and the same variation always writes the same draft.
 */
export class Picker {
  private rest: number
  constructor(variation: number) {
    this.rest = Math.abs(Math.trunc(variation)) || 0
  }
  index(count: number): number {
    if (count <= 1) return 0
    const i = this.rest % count
    this.rest = Math.floor(this.rest / count)
    return i
  }
  pick<T>(options: readonly T[]): T {
    if (!options.length) throw new Error('Nothing to pick from')
    return options[this.index(options.length)]!
  }
}

const wordsOf = (text: string) => normalise(text).match(/[\p{L}\p{N}€$£]+/gu) ?? []

/** The first run of `n` words two texts share, or null: a draft must not echo its sources. */
export function sharedRun(a: string, b: string, n = 5): string | null {
  const runs = new Set<string>()
  const wb = wordsOf(b)
  for (let i = 0; i + n <= wb.length; i++) runs.add(wb.slice(i, i + n).join(' '))
  const wa = wordsOf(a)
  for (let i = 0; i + n <= wa.length; i++) {
    const run = wa.slice(i, i + n).join(' ')
    if (runs.has(run)) return run
  }
  return null
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
