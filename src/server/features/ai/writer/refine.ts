/**
 * Refine (issue 23): the draft rewritten shorter, longer, more formal, more casual or with its
 * slips fixed, in its own language, its greeting and sign-off kept as they are. The offline
 * writer works on the draft's sentences and the phrasebooks' pleasantries; it adds no content.
 */
import { detect } from 'tinyld'
import type { Language } from '../prompt.js'
import { ENDINGS, type Ctx } from './acts.js'
import { bodyAfterGreeting } from './greeting.js'
import { ctxOf, type WriterInput, type Written } from './input.js'
import { phrasebooks } from './phrasebooks.js'
import { applyRules, REGISTER } from './refine-tables.js'
import { shorten } from './shorten.js'
import { normalise, Picker } from './text.js'

const ISO: Record<string, Language> = { en: 'english', es: 'spanish', fr: 'french', de: 'german' }

/** The draft's parts: greeting line, body paragraphs, sign-off block (sign-off and name). */
export type DraftParts = { greeting: string | null; paragraphs: string[]; signoff: string | null }

const GREETING =
  /^(hi|hello|hey|dear|good (morning|afternoon)|hola|estimad[oa]s?|querid[oa]s?|buenos días|bonjour|salut|cher|chère|madame|monsieur|hallo|liebe[rs]?|sehr geehrte[rs]?|guten tag|moin)\b/i

/**
 * Known sign-offs, with or without a comma: a German one has none ("Mit freundlichen Grüßen",
 * "Herzliche Grüße", DIN 5008), so it is known by its words.
 */
const SIGNOFF =
  /^(best( regards)?|kind regards|regards|cheers|thanks|sincerely|saludos|un (saludo|abrazo)|atentamente|cordialement|bien à vous|à bientôt|amicalement|(mit )?(freundlichen|herzlichen|besten|lieben|vielen) grüßen|(viele|beste|liebe|herzliche|freundliche|schöne) grüße|(mit )?freundlichem gruß|gruß|herzlichst|mfg|lg|vg)[,.!]?$/i

/** Compared without case or closing mark: "Viele Grüße" is the saved "Viele Grüße,". */
const bareLine = (line: string) => normalise(line.trim().replace(/[\s,.;:!]+$/, ''))

/** The draft's parts; `saved`, the contact's sign-off, is known as one however it is marked. */
export function splitDraft(text: string, saved?: string): DraftParts {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n')
  let greeting: string | null = null
  if (lines.length > 1 && (GREETING.test(lines[0]!) || /^[^.!?]{1,60}[,:]$/.test(lines[0]!.trim())))
    greeting = lines.shift()!.trim()
  // The sign-off: a short line near the end that ends with a comma or is a known sign-off,
  // with the name under it.
  let signoff: string | null = null
  for (let i = lines.length - 1; i >= Math.max(1, lines.length - 3); i--) {
    const line = lines[i]!.trim()
    const known = Boolean(saved?.trim()) && bareLine(line) === bareLine(saved!)
    if (line.length <= 40 && (/,$/.test(line) || SIGNOFF.test(line) || known)) {
      signoff = lines.splice(i).join('\n').trim()
      break
    }
  }
  const paragraphs = lines
    .join('\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return { greeting, paragraphs, signoff }
}

export function joinDraft(parts: DraftParts): string {
  return [parts.greeting, parts.paragraphs.join('\n\n'), parts.signoff]
    .filter((p): p is string => Boolean(p))
    .join('\n\n')
}

const sentencesOf = (paragraph: string) =>
  paragraph
    .replace(/\s*\n\s*/g, ' ')
    .match(/(?:[^.!?]|\.(?=\d))+(?:[.!?]+["”»]?|$)/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [paragraph]

function longer(parts: DraftParts, language: Language, c: Ctx, picker: Picker): DraftParts {
  const book = phrasebooks[language]
  const said = new Set(parts.paragraphs.flatMap(sentencesOf).map(normalise))
  const fresh = (lines: string[]) => lines.filter((l) => !said.has(normalise(l)))
  const openings = [true, false].flatMap((formal) =>
    [true, false].flatMap((warm) => book.opening({ formal, warm })),
  )
  const paragraphs = [...parts.paragraphs]
  // A pleasantry before the matter, unless the draft opens with one, and a closing line: one
  // that waits for the answer only when the draft asks a question.
  if (!openings.some((l) => said.has(normalise(l)))) {
    const options = fresh(book.opening({ ...c, warm: true }))
    if (options.length) paragraphs.unshift(picker.pick(options))
  }
  const asks = parts.paragraphs.some((p) => /\?/.test(p))
  const closings = fresh(book.closing(c, asks ? 'asks' : 'settles'))
  if (closings.length) paragraphs.push(picker.pick(closings))
  return { ...parts, paragraphs }
}

/**
 * The phrasebook's pleasantries in the other register, line for line ("Cualquier cosa, me
 * dices." and "Quedo a su disposición para cualquier consulta."), swapped whole.
 */
function pleasantrySwaps(language: Language, toFormal: boolean): Map<string, string> {
  const book = phrasebooks[language]
  const swaps = new Map<string, string>()
  const closings = ENDINGS.map((ending) => (c: Ctx) => book.closing(c, ending))
  for (const warm of [true, false])
    for (const lines of [book.opening, ...closings, book.replyOpener]) {
      const formal = lines({ formal: true, warm })
      const casual = lines({ formal: false, warm })
      for (let i = 0; i < Math.min(formal.length, casual.length); i++) {
        const [from, to] = toFormal ? [casual[i]!, formal[i]!] : [formal[i]!, casual[i]!]
        if (from !== to && !swaps.has(normalise(from))) swaps.set(normalise(from), to)
      }
    }
  return swaps
}

function register(paragraph: string, language: Language, toFormal: boolean): string {
  const swaps = pleasantrySwaps(language, toFormal)
  const rules = toFormal ? REGISTER[language].formal : REGISTER[language].casual
  const changed = sentencesOf(paragraph)
    .map((s) => swaps.get(normalise(s)) ?? applyRules(s, rules))
    .join(' ')
  return toFormal ? calm(changed) : changed
}

/** Exclamations calm down in a formal register; congratulations keep theirs. */
function calm(paragraph: string): string {
  return sentencesOf(paragraph)
    .map((s) =>
      /congrat|enhorabuena|felicidad|félicit|glückwunsch|bravo/i.test(s)
        ? s
        : s.replace(/^¡/, '').replace(/\s*!+$/, '.'),
    )
    .join(' ')
}

/** Doubled spaces and words, capitals, the final stop, and each language's punctuation. */
export function fixGrammar(paragraph: string, language: Language): string {
  let text = paragraph.replace(/[ \t\u00a0]{2,}/g, ' ').trim()
  text = text.replace(/(?<![\p{L}])(\p{L}+)(\s+\1)+(?![\p{L}])/giu, (match, word: string) =>
    /^(that|had|nous|vous|die|der|das)$/i.test(word) ? match : word,
  )
  if (language === 'french') text = text.replace(/\s*([?!;:])/g, ' $1').replace(/\s+([,.])/g, '$1')
  else text = text.replace(/\s+([,.!?;:])/g, '$1')
  text = text.replace(/([,;])(?=\p{L})/gu, '$1 ')
  if (language === 'english')
    text = text.replace(/(?<![\p{L}'])i(?=('m|'ll|'d|'ve)?(?![\p{L}]))/gu, 'I')
  if (!/[.!?…:]["”»)]?$/.test(text)) text += '.'
  const fixed = sentencesOf(text).map((s) => {
    let sentence = s.charAt(0).toUpperCase() + s.slice(1)
    if (language === 'spanish') {
      if (sentence.endsWith('?') && !sentence.includes('¿')) sentence = `¿${sentence}`
      if (sentence.endsWith('!') && !sentence.includes('¡')) sentence = `¡${sentence}`
    }
    return sentence.replace(
      /^([¿¡])(\p{Ll})/u,
      (_, mark: string, letter: string) => `${mark}${letter.toUpperCase()}`,
    )
  })
  return fixed.join(' ')
}

export function refineDraft(input: WriterInput): Written {
  const draft = input.draft ?? ''
  const parts = splitDraft(draft, input.signoff)
  const body = parts.paragraphs.join(' ')
  const detected = body.length >= 20 ? ISO[detect(body, { only: Object.keys(ISO) })] : undefined
  const language = detected ?? input.language
  const c = ctxOf(input)
  const picker = new Picker(input.variation)
  let result: DraftParts
  switch (input.refine) {
    case 'shorter':
      result = shorten(parts, language, c, sentencesOf, joinDraft)
      break
    case 'longer':
      result = longer(parts, language, c, picker)
      break
    case 'more-formal':
    case 'more-casual': {
      const toFormal = input.refine === 'more-formal'
      result = {
        ...parts,
        paragraphs: parts.paragraphs.map((p) => register(p, language, toFormal)),
      }
      break
    }
    default:
      result = {
        greeting: parts.greeting && parts.greeting.replace(/[ \t]{2,}/g, ' '),
        paragraphs: parts.paragraphs.map((p) =>
          p
            .split('\n')
            .map((line) => fixGrammar(line, language))
            .join('\n'),
        ),
        signoff: parts.signoff && parts.signoff.replace(/[ \t]{2,}/g, ' '),
      }
  }
  // Refined sentences start with a capital; where the language goes on in lower case after a
  // greeting ending in a comma (German), the first word is set back ("ich komme…").
  const [first, ...rest] = result.paragraphs
  if (first !== undefined && result.greeting)
    result = {
      ...result,
      paragraphs: [
        bodyAfterGreeting(first, result.greeting, phrasebooks[language].letter.lowerAfterComma),
        ...rest,
      ],
    }
  const text = joinDraft(result)
  const notice =
    input.refine === 'shorter' && text.length > draft.trim().length * 0.8
      ? 'The offline writer could not shorten this draft further without losing what it says. Connect an AI model in Settings (see the README) to have it rewritten.'
      : null
  return { text, notice }
}
