/**
 * Refine "shorter" (issue 23: at most 80% of the length, nothing important lost). In order,
 * until the draft is short enough:
 * 1. the pleasantries go, whole or where a long sentence runs one on into the matter;
 * 2. what the draft says is read back and said again in the phrasebook's shortest words, when
 *    every clause of it is understood (a draft of the offline writer's own always is);
 * 3. sentences that name nothing (no thing, day or sum) go, from the end;
 * 4. the acts said again with their things named plainly ("your help", not "your help with
 *    the launch"), if that is enough;
 * 5. then sentences from the end, the first kept.
 * A clause is never cut in half: a shorter draft that says less is better than one that says
 * something else.
 */
import type { Language } from '../prompt.js'
import { ENDINGS, type Act, type ActArgs, type Ctx } from './acts.js'
import { findAmount, findWhen } from './entities.js'
import { readRequest } from './intents.js'
import { findNounPhrases } from './noun-phrases.js'
import { phrasebooks } from './phrasebooks.js'
import { args, composeAct, shape } from './plan.js'
import { Clause, normalise, tokenize } from './text.js'

type Parts = { greeting: string | null; paragraphs: string[]; signoff: string | null }

const AND = 'and|y|e|et|und'

/** Every pleasantry of the language's phrasebook, in both registers and tones. */
function pleasantries(language: Language): string[] {
  const book = phrasebooks[language]
  const lines = new Set<string>()
  for (const formal of [true, false])
    for (const warm of [true, false])
      for (const line of [
        ...book.opening({ formal, warm }),
        ...ENDINGS.flatMap((ending) => book.closing({ formal, warm }, ending)),
        ...book.replyOpener({ formal, warm }),
      ])
        lines.add(line)
  return [...lines]
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const bare = (line: string) => escape(line.replace(/\s*[.!?]+$/, ''))

/** The sentence without the pleasantries run on into it; '' when it is one. */
function withoutPleasantries(sentence: string, lines: string[]): string {
  let out = sentence.trim()
  for (const line of lines) {
    if (normalise(out) === normalise(line)) return ''
    const before = new RegExp(`^${bare(line)},\\s+(?:${AND})\\s+`, 'iu').exec(out)
    if (before) out = out.slice(before[0].length).replace(/^\p{Ll}/u, (l) => l.toUpperCase())
    const after = new RegExp(`,\\s+(?:${AND})\\s+${bare(line)}([.!?]+)$`, 'iu').exec(out)
    if (after) out = `${out.slice(0, after.index)}.`
  }
  return out
}

/** Words the phrasebooks write: read back in a draft, they are the writer's own, not content. */
const OWN_WORDS = new Map<Language, Set<string>>()

function ownWords(language: Language): Set<string> {
  const known = OWN_WORDS.get(language)
  if (known) return known
  const book = phrasebooks[language]
  const sample: ActArgs = {
    objects: [],
    when: null,
    amount: null,
    event: 'meeting',
    hints: { dayPart: null, metAt: null, lastMail: null },
  }
  const words = new Set<string>()
  for (const formal of [true, false])
    for (const warm of [true, false])
      for (const act of Object.keys(book.phrases) as Act[])
        for (const line of book.phrases[act](sample, { formal, warm }))
          for (const token of tokenize(line)) words.add(token.norm)
  OWN_WORDS.set(language, words)
  return words
}

/** The draft's acts said again in the shortest wording, or null when any clause is not understood. */
function restated(text: string, language: Language, c: Ctx, plain = false): string[] | null {
  const reading = readRequest(text, { names: [], answers: false, glue: ownWords(language) })
  // An English draft's own words inside a phrase ("security questionnaire") can be said again;
  // the other phrasebooks cannot say a word they do not know.
  const unsaid =
    language === 'english' ? reading.unsaid.filter((u) => u.within === null) : reading.unsaid
  if (!reading.moves.length || unsaid.length) return null
  for (const move of reading.moves)
    move.objects = move.objects.map((np) =>
      // Plain: the things without what describes them ("your help", not "your help with the launch").
      plain ? { ...np, adjs: [], complement: null, unknown: [] } : { ...np, keepUnknown: true },
    )
  const book = phrasebooks[language]
  const hints = { dayPart: null, metAt: null, lastMail: null }
  const said: string[] = []
  for (const move of reading.moves) {
    // A guessed intent could turn "you will have the slides" into asking for them; a meeting
    // named with its day is one whatever the verb.
    if (move.guessed && move.intent !== 'meet') return null
    const a = args(move, hints)
    const act = composeAct(move, a)
    if (!act || (['askFor', 'send'].includes(act) && !a.objects.length)) return null
    const options = book.phrases[act](shape(act, a), c)
    said.push(options.reduce((best, o) => (o.length < best.length ? o : best)))
  }
  return said
}

/** True when the sentence names a thing, a day or a sum. */
function carries(sentence: string): boolean {
  const clause = new Clause(tokenize(sentence), sentence)
  return Boolean(
    findAmount(clause) || findWhen(clause) || findNounPhrases(clause, 'request').length,
  )
}

export function shorten(
  parts: Parts,
  language: Language,
  c: Ctx,
  sentencesOf: (paragraph: string) => string[],
  joinDraft: (parts: Parts) => string,
): Parts {
  const target = Math.floor(joinDraft(parts).length * 0.8)
  const lines = pleasantries(language)
  let paragraphs = parts.paragraphs
    .map((p) =>
      sentencesOf(p)
        .map((s) => withoutPleasantries(s, lines))
        .filter(Boolean),
    )
    .filter((p) => p.length)
  if (!paragraphs.length) paragraphs = parts.paragraphs.map(sentencesOf)
  const draft = () => ({ ...parts, paragraphs: paragraphs.map((p) => p.join(' ')) })
  const size = () => joinDraft(draft()).length
  if (size() <= target) return draft()

  const again = restated(paragraphs.flat().join(' '), language, c)
  if (again) {
    const before = paragraphs
    paragraphs = [again]
    if (size() >= joinDraft({ ...parts, paragraphs: before.map((p) => p.join(' ')) }).length)
      paragraphs = before
  }
  const drop = (test: (s: string) => boolean) => {
    for (let p = paragraphs.length - 1; p >= 0 && size() > target; p--)
      for (let s = paragraphs[p]!.length - 1; s >= 0 && size() > target; s--)
        if (paragraphs.flat().length > 1 && test(paragraphs[p]![s]!)) paragraphs[p]!.splice(s, 1)
    paragraphs = paragraphs.filter((p) => p.length)
  }
  drop((s) => !carries(s))
  // Still too long: the same acts with the things named plainly, before any of them is lost.
  const plain = size() > target ? restated(paragraphs.flat().join(' '), language, c, true) : null
  if (plain) {
    const before = paragraphs
    paragraphs = [plain]
    if (size() > target) paragraphs = before
  }
  drop((s) => s !== paragraphs.flat()[0])
  return draft()
}
