/**
 * The offline writer's e-mails (decision 045): a new e-mail from what the request wants, a reply
 * from what the mail asks and what the instruction says, each act said by the contact's
 * phrasebook. Nothing from the request or the mail is pasted; what cannot be said is left out
 * and named in the notice for the user.
 */
import { SUBJECT_LINE_PREFIX } from '../prompt.js'
import type { Act, Ctx, Ending, Hints, Phrasebook } from './acts.js'
import { readHints } from './hints.js'
import { bodyAfterGreeting, greetingLine } from './greeting.js'
import { ctxOf, type WriterInput, type Written } from './input.js'
import { noticeFor } from './notice.js'
import { phrasebooks } from './phrasebooks.js'
import { planCompose, planReply, type Plan } from './plan.js'
import { capitalise, normalise, oneLine, Picker, SENTENCE, sharedRun } from './text.js'

/** Statements joined in pairs for writers of long sentences; questions stand alone. */
function lengthen(sentences: string[], book: Phrasebook): string[] {
  const out: string[] = []
  for (let i = 0; i < sentences.length; i++) {
    const current = sentences[i]!
    const next = sentences[i + 1]
    if (next && current.endsWith('.') && next.endsWith('.') && book.join.lowerable.test(next)) {
      const tail = book.join.keepCapital?.test(next)
        ? next
        : next.charAt(0).toLowerCase() + next.slice(1)
      out.push(`${current.slice(0, -1)}, ${book.join.and} ${tail}`)
      i++
    } else out.push(current)
  }
  return out
}

const split = (text: string) =>
  text
    .match(SENTENCE)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text]

/**
 * The profile's sentence structure shapes the choice: a writer of short sentences gets the
 * shorter half of the wordings, one of long sentences the longer half; two stay two.
 */
function bySize(options: string[], structure: WriterInput['sentenceStructure']): string[] {
  if (structure === 'mixed' || options.length < 3) return options
  const sorted = [...options].sort((a, b) => a.length - b.length)
  const half = Math.ceil(sorted.length / 2)
  return structure === 'short' ? sorted.slice(0, half) : sorted.slice(-half)
}

function avoiding(options: string[], avoid: string[]): string[] {
  const kept = options.filter((o) => !avoid.some((p) => p && normalise(o).includes(normalise(p))))
  return kept.length ? kept : options
}

/** Opens a reply with thanks for the message unless the first act thanks already. */
const THANKS_ALREADY = new Set<Act>([
  'accept',
  'decline',
  'received',
  'welcome',
  'thank',
  'noted',
  'receipt',
])

/**
 * Acts that ask the reader for something (a document, a time, an answer): after them a closing
 * that waits for the reply fits ("I look forward to hearing from you"). A "yes, let's meet"
 * without a day asks which day suits.
 */
const ASKING = new Set<Act>([
  'askFor',
  'meet',
  'followUp',
  'proposeTime',
  'moreTime',
  'reschedule',
  'meetNo',
  'cannotSend',
  'generic',
])
/** Acts that say no: nothing to answer, the closing asks for understanding instead. */
const DECLINING = new Set<Act>(['decline', 'no'])

/**
 * What the draft leaves its reader to do, for its closing line: a decline or a thank-you asks
 * nothing, so it must not close by waiting for an answer.
 */
export function endingOf(plan: Plan): Ending {
  if (plan.acts.some(({ act, args }) => ASKING.has(act) || (act === 'meetYes' && !args.when)))
    return 'asks'
  return plan.acts.some(({ act }) => DECLINING.has(act)) ? 'declines' : 'settles'
}

function render(
  input: WriterInput,
  plan: Plan,
  hints: Hints,
  variation: number,
): { body: string; subject: string } {
  const book = phrasebooks[input.language]
  const c = ctxOf(input)
  const picker = new Picker(variation)
  const structure = input.sentenceStructure
  const sources = [input.request, input.originalEmail].filter((s): s is string => Boolean(s))
  const pick = (options: string[]) => {
    // A wording that repeats five words of the request or the mail is not a choice.
    const clean = options.filter((o) => !sources.some((s) => sharedRun(o, s)))
    return picker.pick(
      bySize(avoiding(clean.length ? clean : options, input.avoidPhrases), structure),
    )
  }
  const intro: string[] = []
  if (structure === 'long' || (structure === 'mixed' && c.warm)) intro.push(pick(book.opening(c)))
  const reply = input.kind !== 'generate-email'
  if (reply && structure !== 'short' && !THANKS_ALREADY.has(plan.acts[0]?.act ?? 'noted'))
    intro.push(pick(book.replyOpener(c)))
  if (!reply && hints.metAt && !input.hasConversation && structure !== 'short')
    intro.push(pick(book.phrases.metAt({ ...plan.acts[0]!.args, objects: [hints.metAt] }, c)))
  const body: string[] = []
  for (const { act, args: a, yes } of plan.acts) {
    const said = pick(book.phrases[act](a, c))
    body.push(yes && reply ? `${pick(book.yes(c))} ${said}` : said)
  }
  const outro = structure === 'short' ? [] : [pick(book.closing(c, endingOf(plan)))]
  const shape = (lines: string[]) =>
    (structure === 'long' ? lengthen(lines.flatMap(split), book) : lines).join(' ')
  // A writer of long sentences runs the pleasantries on into the matter, in one paragraph.
  const blocks = structure === 'long' ? [[...intro, ...body, ...outro]] : [intro, body, outro]
  const paragraphs = blocks.filter((p) => p.length).map(shape)
  const greeting = greetingLine(
    input.greeting,
    input.recipientName,
    input.formality,
    book.letter.greetingMark(c),
  )
  // The sign-off takes its language's mark (none in German); one ending in "!" takes none.
  const saved = oneLine(input.signoff).replace(/[\s,.;:]+$/, '')
  const signoff = /[!?]$/.test(saved) ? saved : `${saved}${book.letter.signoffMark}`
  const text = [
    greeting,
    '',
    bodyAfterGreeting(paragraphs.join('\n\n'), greeting, book.letter.lowerAfterComma),
    '',
    input.senderName.trim() ? `${signoff}\n${oneLine(input.senderName)}` : signoff,
  ].join('\n')
  return { body: text, subject: subjectLine(input, plan, book, c) }
}

/** The user's subject, or one from the first act; without its day if that would echo the request. */
function subjectLine(input: WriterInput, plan: Plan, book: Phrasebook, c: Ctx): string {
  if (input.subject?.trim()) return oneLine(input.subject)
  const first = plan.acts[0]
  if (!first) return ''
  const full = capitalise(book.subject(first.act, first.args, c))
  const plain = capitalise(book.subject(first.act, { ...first.args, when: null }, c))
  return input.request && sharedRun(full, input.request) ? plain : full
}

/** Drafts tried (from the asked variation on) before one that echoes no source is given up on. */
const ATTEMPTS = 12

/** The offline writer's new e-mail or reply, in the contact's language, with its notice. */
export function composeEmail(input: WriterInput): Written {
  const hints = readHints(input)
  const plan = input.kind === 'generate-email' ? planCompose(input, hints) : planReply(input, hints)
  const sources = [input.request, input.originalEmail].filter((s): s is string => Boolean(s))
  let written = render(input, plan, hints, input.variation)
  const echoes = (w: { body: string; subject: string }) =>
    sources.some((s) => sharedRun(`${w.subject}\n${w.body}`, s))
  for (let k = 1; k < ATTEMPTS && echoes(written); k++)
    written = render(input, plan, hints, input.variation + k * 7919)
  const text =
    input.kind === 'generate-email'
      ? `${SUBJECT_LINE_PREFIX}${written.subject}\n\n${written.body}`
      : written.body
  return { text, notice: noticeFor(phrasebooks[input.language], plan) }
}
