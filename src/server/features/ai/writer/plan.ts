/**
 * What a draft will say (decision 045): the acts of a new e-mail, one per move of the request,
 * and of a reply, the instruction applied to what the mail asks or the mail's asks answered.
 * What cannot be said is kept as `unsaid` for the notice.
 */
import { detect } from 'tinyld'
import type { Act, ActArgs, Hints } from './acts.js'
import type { When } from './entities.js'
import type { WriterInput } from './input.js'
import { readRequest, type Move, type Unsaid } from './intents.js'
import { readMail, standard, type Ask } from './mail.js'
import type { NounPhrase } from './noun-phrases.js'
import { phrase } from './en-grammar.js'
import { sharedRun } from './text.js'

export type Planned = { act: Act; args: ActArgs; yes?: boolean }
export type Plan = {
  acts: Planned[]
  unsaid: Unsaid[]
  unanswered: string[]
  ignored: string | null
}

const events = (objects: NounPhrase[]) => objects.filter((o) => o.noun.kind === 'event')
const topics = (objects: NounPhrase[]) => objects.filter((o) => o.noun.kind !== 'event')
/** Acts that say nothing without a thing to name. */
export const NEEDS_OBJECT = new Set<Act>([
  'askFor',
  'send',
  'received',
  'remind',
  'reschedule',
  'apologiseDelay',
])

export function args(
  move: Pick<Move, 'objects' | 'when' | 'amount' | 'event'>,
  hints: Hints,
): ActArgs {
  let objects = move.objects
  // "the invoice of €2,400" has its sum; a sum on its own is the invoice's.
  if (move.amount && !objects.some((o) => o.amount)) {
    const invoice = objects.find((o) => o.noun.key === 'invoice' || o.noun.key === 'payment')
    objects = invoice
      ? objects.map((o) => (o === invoice ? { ...o, amount: move.amount } : o))
      : [...objects, { ...standard('invoice'), amount: move.amount }]
  }
  const event = objects.some((o) => o.noun.key === 'call') ? 'call' : move.event
  return { objects, when: move.when, amount: move.amount, event, hints }
}

/**
 * An English draft from English words may keep the words the lexicon lacks inside a phrase
 * ("the signed security questionnaire"): they are the user's own language, and a phrase is too
 * short to echo a sentence. Whole clauses are never kept.
 */
function keepEnglish(
  input: WriterInput,
  source: string,
  objects: NounPhrase[],
  unsaid: Unsaid[],
): Unsaid[] {
  if (input.language !== 'english' || detect(source, { only: ['en', 'es', 'fr', 'de'] }) !== 'en')
    return unsaid
  const mark = (np: NounPhrase, keep: boolean) => {
    np.keepUnknown = keep
    if (np.complement) mark(np.complement.np, keep)
  }
  // Kept only where the phrase, said again, does not repeat five words of the source.
  const kept = objects.filter((np) => {
    mark(np, true)
    if (sharedRun(phrase(np), source)) mark(np, false)
    return np.keepUnknown
  })
  return unsaid.filter((u) => u.within === null || !kept.some((o) => o.source === u.within))
}

/** A new e-mail: one act per move of the request. */
export function planCompose(input: WriterInput, hints: Hints): Plan {
  const reading = readRequest(input.request ?? '', {
    names: [input.recipientName ?? ''],
    answers: false,
  })
  reading.unsaid = keepEnglish(
    input,
    input.request ?? '',
    reading.moves.flatMap((m) => m.objects),
    reading.unsaid,
  )
  const acts: Planned[] = []
  for (const move of reading.moves) {
    const a = args(move, hints)
    const act = composeAct(move, a)
    if (act) acts.push({ act, args: shape(act, a) })
  }
  return finish(acts, reading.unsaid, [], null, hints, input)
}

export function composeAct(move: Move, a: ActArgs): Act | null {
  const onlyEvents = a.objects.length > 0 && events(a.objects).length === a.objects.length
  switch (move.intent) {
    case 'thanks':
      return 'thank'
    case 'askFor':
      if (move.also.includes('update') || move.also.includes('followUp')) return 'followUp'
      return onlyEvents ? 'meet' : 'askFor'
    case 'send':
      return onlyEvents ? 'meet' : 'send'
    case 'meet':
    case 'propose':
      return 'meet'
    case 'reschedule':
      return onlyEvents ? 'reschedule' : 'proposeTime'
    case 'confirm':
    case 'yes':
      return 'confirm'
    case 'no':
      return 'decline'
    case 'about':
      return 'generic'
    case 'apologise':
    case 'congratulate':
    case 'update':
    case 'moreTime':
    case 'pay':
    case 'welcome':
    case 'receipt':
    case 'decline':
    case 'accept':
    case 'followUp':
      // "remind him about the meeting on Monday": the day is the meeting's.
      if (move.intent === 'followUp' && onlyEvents && a.when) return 'remind'
      if (
        move.intent === 'apologise' &&
        a.objects[0]?.noun.key === 'delay' &&
        a.objects[0].complement
      )
        return 'apologiseDelay'
      return move.intent
    default:
      return null
  }
}

/** The things an act speaks of: a meeting's topics, the thing a delay was with. */
export function shape(act: Act, a: ActArgs): ActArgs {
  if (act === 'meet') return meeting(a)
  // Declining or accepting the workshop is answering the invitation to it.
  if ((act === 'decline' || act === 'accept') && a.objects.length === 1) {
    const [event] = a.objects
    if (event!.noun.kind === 'event' && event!.noun.key !== 'invitation')
      return {
        ...a,
        objects: [{ ...standard('invitation'), complement: { prep: 'to', np: event! } }],
      }
  }
  if (act === 'apologiseDelay') return { ...a, objects: [a.objects[0]!.complement!.np] }
  return a
}

/** A meeting's topics (not the meeting itself), at the contact's preferred time of day if known. */
function meeting(a: ActArgs): ActArgs {
  const day = a.when?.day
  const canPart = day && !a.when!.time && day.kind !== 'date' && !day.part
  const when =
    canPart && a.hints.dayPart ? { ...a.when!, day: { ...day, part: a.hints.dayPart } } : a.when
  return { ...a, objects: topics(a.objects), when }
}

/** A reply: the instruction's acts applied to what the mail asks, or the mail's asks answered. */
export function planReply(input: WriterInput, hints: Hints): Plan {
  const mail = readMail(input.originalEmail ?? '')
  const main: Ask | null = mail.asks.find((a) => a.type !== 'info') ?? mail.asks[0] ?? null
  const acts: Planned[] = []
  const unanswered: string[] = []
  const unsaid = keepEnglish(
    input,
    input.originalEmail ?? '',
    mail.asks.flatMap((a) => a.objects),
    mail.unsaid,
  )
  let ignored: string | null = null
  if (input.instruction?.trim()) {
    const reading = readRequest(input.instruction, {
      names: [input.recipientName ?? ''],
      answers: true,
    })
    unsaid.push(...reading.unsaid)
    const skip = new Set<Move>()
    reading.moves.forEach((move, i) => {
      // "yes, Thursday works": the yes and the confirmation are one answer.
      const next = reading.moves[i + 1]
      if (
        (move.intent === 'yes' || move.intent === 'no') &&
        next &&
        ['confirm', 'accept', 'decline', 'send', 'pay'].includes(next.intent)
      ) {
        next.when ??= move.when
        skip.add(move)
      }
    })
    for (const move of reading.moves) {
      if (skip.has(move)) continue
      const planned = instructed(move, main, hints)
      if (planned) acts.push(planned)
    }
    if (!acts.length) ignored = input.instruction.trim()
  }
  if (!acts.length) {
    // One answer per kind of ask: "you are invited… we would love you to join" is one invitation.
    const answered = mail.asks
      .filter((a) => a.type !== 'info')
      .filter((a, i, all) => all.findIndex((b) => b.type === a.type) === i)
      .slice(0, 2)
    for (const ask of answered.length ? answered : main ? [main] : []) {
      const planned = answer(ask, 'yes', null, hints)
      if (planned) acts.push(planned)
      if (ask.type === 'question') unanswered.push(ask.sentence)
    }
    if (!acts.length)
      acts.push({
        act: 'noted',
        args: args({ objects: [], when: null, amount: null, event: 'meeting' }, hints),
      })
  }
  return finish(acts, unsaid, unanswered, ignored, hints, input)
}

/** The instruction's day, with the mail's time when they name the same day ("yes, Thursday"). */
function mergeWhen(own: When | null, asked: When | null): When | null {
  if (!own || !asked) return own ?? asked
  // "Thursday" answering "before Friday?" is a deadline too: by Thursday.
  const deadline = asked.relation === 'by' || asked.relation === 'before'
  const relation = own.relation === 'on' && own.day && deadline ? 'by' : own.relation
  const sameDay = JSON.stringify(own.day) === JSON.stringify(asked.day)
  return { ...own, relation, time: own.time ?? (sameDay ? asked.time : null) }
}

function instructed(move: Move, main: Ask | null, hints: Hints): Planned | null {
  const when = mergeWhen(move.when, main?.when ?? null)
  // The mail's day goes with answering it (sending, paying), not with a new ask of the user's.
  const inherits = ['send', 'pay', 'receipt'].includes(move.intent)
  const own = args({ ...move, when: inherits ? when : move.when }, hints)
  switch (move.intent) {
    case 'yes':
    case 'accept':
    case 'confirm':
      return main ? answer(main, 'yes', move.when ? when : null, hints) : { act: 'yes', args: own }
    case 'no':
    case 'decline':
      return main ? answer(main, 'no', move.when ? when : null, hints) : { act: 'no', args: own }
    case 'propose':
    case 'meet':
      if (main && (main.type === 'meeting' || main.type === 'invite'))
        return { act: 'proposeTime', args: { ...own, when: move.when } }
      return { act: 'meet', args: meeting(own) }
    case 'thanks':
      if (main?.type === 'sent' && !move.objects.length) return answer(main, 'yes', null, hints)
      return {
        act: 'thank',
        args: move.objects.length ? own : { ...own, objects: main?.objects ?? [] },
      }
    case 'send':
    case 'pay':
    case 'receipt':
      return {
        act: move.intent,
        args: move.objects.length ? own : { ...own, objects: main?.objects ?? [] },
      }
    case 'moreTime':
      return { act: 'moreTime', args: { ...own, when: move.when } }
    case 'about':
      return main ? answer(main, 'yes', move.when ? when : null, hints) : null
    default: {
      const act = composeAct(move, own)
      return act ? { act, args: shape(act, own) } : null
    }
  }
}

/** Saying yes or no to what the mail asks. */
function answer(ask: Ask, say: 'yes' | 'no', when: When | null, hints: Hints): Planned | null {
  const a = args(
    { objects: ask.objects, when: when ?? ask.when, amount: ask.amount, event: ask.event },
    hints,
  )
  const yes: Record<Ask['type'], Planned> = {
    send: { act: 'send', args: a, yes: true },
    meeting: { act: 'meetYes', args: a },
    invite: { act: 'accept', args: a },
    confirm: { act: 'confirm', args: a },
    pay: { act: 'pay', args: a, yes: true },
    question: { act: say === 'yes' && !when ? 'holding' : 'yes', args: a },
    sent: { act: 'received', args: a },
    thanks: { act: 'welcome', args: a },
    info: { act: 'noted', args: a },
  }
  const no: Record<Ask['type'], Planned> = {
    send: { act: 'cannotSend', args: a },
    meeting: { act: 'meetNo', args: a },
    invite: { act: 'decline', args: a },
    confirm: { act: 'no', args: a },
    pay: { act: 'moreTime', args: { ...a, when } },
    question: { act: 'no', args: a },
    sent: { act: 'no', args: a },
    thanks: { act: 'welcome', args: a },
    info: { act: 'no', args: a },
  }
  return (say === 'yes' ? yes : no)[ask.type]
}

function finish(
  planned: Planned[],
  unsaid: Unsaid[],
  unanswered: string[],
  ignored: string | null,
  hints: Hints,
  input: WriterInput,
): Plan {
  const acts = planned.filter((p) => !NEEDS_OBJECT.has(p.act) || p.args.objects.length)
  if (!acts.length && input.kind === 'generate-email')
    acts.push({
      act: 'generic',
      args: args({ objects: [], when: null, amount: null, event: 'meeting' }, hints),
    })
  return { acts, unsaid, unanswered, ignored }
}
