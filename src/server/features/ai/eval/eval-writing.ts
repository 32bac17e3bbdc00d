/**
 * `npm run eval:writing`: drafts written by the configured writer (AI_PROVIDER…, or the
 * offline writer) through the app's own prompt builder, subject-line splitter and reply-option
 * parser, then read the way their user would read them: is every sentence in the contact's
 * language, was the request expressed or pasted, was the question answered and the instruction
 * followed, does the greeting name the person once, is there a subject, does asking again give
 * another draft, does a refinement keep its promise, is the letter set out as its language
 * does (the greeting's and the sign-off's marks, German's lower case after the greeting), does a
 * decline or a thank-you close without asking for a reply. Prints figures; not a pass/fail test.
 *
 * Runs on a fresh clone: demo mode unless the environment says otherwise. `--judge` asks a
 * configured model to judge each draft against what was asked (not the offline writer);
 * `--drafts` prints every draft, to be read.
 */
import { generateText, type LanguageModel } from 'ai'
import type { RefineAction } from '../../../../contract/ai.js'
import { loadConfig, loadDotEnv } from '../../../config.js'
import {
  buildPrompt,
  NOTICE_METADATA,
  type Language,
  type SentenceStructure,
  type WritingBrief,
} from '../prompt.js'
import { parseReplyOptions } from '../reply-options.js'
import { createSubjectLineSplitter } from '../subject-line.js'
import { createWriterModel } from '../writer/models.js'
import {
  AWAITS_REPLY,
  COMPOSE_REQUESTS,
  CONTACTS,
  DEFERRALS,
  INSTRUCTED,
  QUESTION,
  SETTLED_REQUESTS,
  type EvalContact,
} from './cases.js'
import {
  averageSentenceLength,
  greetsOnce,
  hasGreeting,
  hasSignoff,
  languagePurity,
  letterFaults,
  placeholderLeaks,
  sharedRun,
} from './checks.js'

type Task = 'compose' | 'reply: question' | 'reply: instruction' | 'refine: shorter'
const TASKS: Task[] = ['compose', 'reply: question', 'reply: instruction', 'refine: shorter']
const LANGUAGES: Language[] = ['english', 'spanish', 'french', 'german']
const STRUCTURES: SentenceStructure[] = ['short', 'mixed', 'long']
/** Words a sentence each structure aims at. */
const TARGET: Record<SentenceStructure, [number, number]> = {
  short: [0, 14],
  mixed: [8, 22],
  long: [14, Infinity],
}

/** One draft and what was seen in it; `null` where a check does not apply to its task. */
type Result = {
  task: Task
  language: Language
  text: string
  subject: string | null
  notice: string | null
  pure: number
  sentences: number
  pasted: string | null
  answered: boolean | null
  followed: boolean | null
  greetsOnce: boolean
  framed: boolean
  hasSubject: boolean | null
  differs: boolean | null
  lengthOk: boolean
  shorter: boolean | null
  /** What a reader of the language marks in the greeting, the sign-off and the first word. */
  letterFaults: string[]
  /** A decline or a thank-you: true when its closing does not ask for a reply. */
  noReplyAsked: boolean | null
  judged?: number
}

type Written = { text: string; subject: string | null; notice: string | null }

async function write(model: LanguageModel, brief: WritingBrief, maxTokens: number) {
  const { system, prompt } = buildPrompt(brief)
  const result = await generateText({ model, system, prompt, maxOutputTokens: maxTokens })
  const notice = result.providerMetadata?.[NOTICE_METADATA.provider]?.[NOTICE_METADATA.key]
  return { raw: result.text, notice: typeof notice === 'string' ? notice : null }
}

/** A draft as the app shows it: the compose subject line taken off into `subject`. */
async function draft(model: LanguageModel, brief: WritingBrief, maxTokens: number) {
  const { raw, notice } = await write(model, brief, maxTokens)
  const splitter = createSubjectLineSplitter()
  const text = (splitter.push(raw) + splitter.end()).trim()
  return { text, subject: splitter.subject, notice } satisfies Written
}

function briefFor(
  contact: EvalContact,
  structure: SentenceStructure,
  variation: number,
  ask: Pick<
    WritingBrief,
    'kind' | 'request' | 'originalEmail' | 'subject' | 'instruction' | 'refine'
  >,
): WritingBrief {
  return {
    ...ask,
    variation,
    senderName: 'Alex Morgan',
    recipient: { ...contact, email: null, context: null, source: 'contact' },
    profile: {
      tone: 'professional',
      style: 'concise',
      vocabulary: 'standard',
      sentenceStructure: structure,
      personalityTraits: [],
      commonPhrases: [],
      avoidPhrases: [],
      signatureStyle: null,
      exampleText: null,
    },
    conversation: [],
  }
}

const none = { request: null, originalEmail: null, subject: null, instruction: null, refine: null }

function judgeOf(
  contact: EvalContact,
  written: Written,
  source: string,
  structure: SentenceStructure,
  /** Nothing in the draft is to be answered (a decline, a thank-you). */
  settled = false,
) {
  const { pure, of } = languagePurity(written.text, contact.language)
  const [low, high] = TARGET[structure]
  const length = averageSentenceLength(written.text)
  return {
    text: written.text,
    subject: written.subject,
    notice: written.notice,
    pure,
    sentences: of,
    pasted: sharedRun(written.text, source) ?? sharedRun(written.subject ?? '', source),
    greetsOnce: greetsOnce(written.text, contact.name ?? '', contact.greeting),
    framed:
      hasGreeting(written.text, contact.greeting) && hasSignoff(written.text, contact.signoff),
    lengthOk: length >= low && length <= high && placeholderLeaks(written.text).length === 0,
    letterFaults: letterFaults(
      written.text,
      contact.language,
      contact.signoff,
      contact.formality === 'formal',
    ),
    noReplyAsked: settled ? !AWAITS_REPLY[contact.language].test(written.text) : null,
  }
}

async function main() {
  loadDotEnv()
  // Demo unless told otherwise: the eval needs a writer, not production's secrets.
  const config = loadConfig({ INKWELL_MODE: 'demo', ...process.env })
  const { model, writer } = createWriterModel(config.ai, {
    offlinePace: { firstTokenDelayMs: 0, tokensPerSecond: Infinity },
  })
  const judging = process.argv.includes('--judge')
  if (judging && writer.offline) {
    console.log('--judge needs a configured model (AI_PROVIDER); judging is skipped.')
  }
  const label = writer.offline ? 'the offline writer' : `${writer.provider} ${writer.model}`
  const cap = config.ai.maxOutputTokens
  console.log(`Writing with ${label}: ${CONTACTS.length} contacts × ${TASKS.length} tasks…`)

  const results: Result[] = []
  let variation = 1
  for (const [index, contact] of CONTACTS.entries()) {
    const structure = STRUCTURES[index % STRUCTURES.length]!
    const lang = contact.language
    for (const request of COMPOSE_REQUESTS) {
      const settled = SETTLED_REQUESTS.has(request)
      const ask = { ...none, kind: 'generate-email' as const, request }
      const first = await draft(model, briefFor(contact, structure, variation++, ask), cap)
      const again = await draft(model, briefFor(contact, structure, variation++, ask), cap)
      results.push({
        task: 'compose',
        language: lang,
        ...judgeOf(contact, first, request, structure, settled),
        answered: null,
        followed: null,
        hasSubject: Boolean(first.subject?.trim()),
        differs: again.text !== first.text,
        shorter: null,
      })

      const refine = { action: 'shorter' as RefineAction, text: first.text }
      const refined = await draft(
        model,
        briefFor(contact, structure, variation++, { ...none, kind: 'refine', refine }),
        cap,
      )
      results.push({
        task: 'refine: shorter',
        language: lang,
        ...judgeOf(contact, refined, request, structure, settled),
        answered: null,
        followed: null,
        hasSubject: null,
        differs: null,
        lengthOk: true,
        shorter:
          refined.text.length <= first.text.length * 0.8 &&
          hasGreeting(refined.text, contact.greeting) &&
          hasSignoff(refined.text, contact.signoff),
      })
    }

    const asked = { ...none, kind: 'smart-reply' as const, originalEmail: QUESTION.mail[lang] }
    const reply = { ...asked, subject: QUESTION.subject[lang] }
    const answer = await draft(model, briefFor(contact, structure, variation++, reply), cap)
    const answerAgain = await draft(model, briefFor(contact, structure, variation++, reply), cap)
    results.push({
      task: 'reply: question',
      language: lang,
      ...judgeOf(contact, answer, QUESTION.mail[lang], structure),
      answered: QUESTION.answers[lang].test(answer.text) && !DEFERRALS[lang].test(answer.text),
      followed: null,
      hasSubject: null,
      differs: answerAgain.text !== answer.text,
      shorter: null,
    })

    const told = {
      ...none,
      kind: 'smart-reply' as const,
      originalEmail: INSTRUCTED.mail[lang],
      subject: INSTRUCTED.subject[lang],
      instruction: INSTRUCTED.instruction,
    }
    const followed = await draft(model, briefFor(contact, structure, variation++, told), cap)
    results.push({
      task: 'reply: instruction',
      language: lang,
      ...judgeOf(
        contact,
        followed,
        `${INSTRUCTED.mail[lang]}\n${INSTRUCTED.instruction}`,
        structure,
        true,
      ),
      answered: null,
      followed: INSTRUCTED.followed[lang].test(followed.text),
      hasSubject: null,
      differs: null,
      shorter: null,
    })
  }

  const options = await write(
    model,
    briefFor(CONTACTS[2]!, 'mixed', variation++, {
      ...none,
      kind: 'reply-options',
      originalEmail: INSTRUCTED.mail.spanish,
      subject: INSTRUCTED.subject.spanish,
    }),
    cap,
  )

  if (judging && !writer.offline) await judge(model, results)
  report(results, parseReplyOptions(options.raw), label)
}

/** Asks the configured model for a 1–5 mark of each draft against its task. */
async function judge(model: LanguageModel, results: Result[]) {
  for (const result of results) {
    const { text } = await generateText({
      model,
      system:
        'You grade e-mail drafts. Answer with one digit from 1 (unusable) to 5 (would send as is), nothing else.',
      prompt: `Task: ${result.task}, in ${result.language}.\n\nDraft:\n${result.text}`,
      maxOutputTokens: 5,
    })
    const mark = Number(/[1-5]/.exec(text)?.[0])
    if (mark) result.judged = mark
  }
}

const percent = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '–')
function share(rows: Result[], pick: (r: Result) => boolean | null): string {
  const applies = rows.filter((r) => pick(r) !== null)
  return percent(applies.filter((r) => pick(r)).length, applies.length)
}

function report(results: Result[], options: { label: string }[] | null, label: string) {
  const columns: [string, (rows: Result[]) => string][] = [
    [
      'purity',
      (rows) =>
        percent(
          sum(rows, (r) => r.pure),
          sum(rows, (r) => r.sentences),
        ),
    ],
    ['not pasted', (rows) => share(rows, (r) => r.pasted === null)],
    ['answered', (rows) => share(rows, (r) => r.answered)],
    ['followed', (rows) => share(rows, (r) => r.followed)],
    ['greets once', (rows) => share(rows, (r) => r.greetsOnce)],
    ['framed', (rows) => share(rows, (r) => r.framed)],
    ['subject', (rows) => share(rows, (r) => r.hasSubject)],
    ['differs', (rows) => share(rows, (r) => r.differs)],
    ['length', (rows) => share(rows, (r) => r.lengthOk)],
    ['≤80%', (rows) => share(rows, (r) => r.shorter)],
    ['letter', (rows) => share(rows, (r) => r.letterFaults.length === 0)],
    ['no reply asked', (rows) => share(rows, (r) => r.noReplyAsked)],
  ]
  if (results.some((r) => r.judged)) {
    columns.push([
      'judge',
      (rows) => {
        const marks = rows.flatMap((r) => (r.judged ? [r.judged] : []))
        return marks.length ? (marks.reduce((a, b) => a + b, 0) / marks.length).toFixed(1) : '–'
      },
    ])
  }
  const head = ['task', 'language', 'n', ...columns.map(([name]) => name)]
  const lines: string[][] = []
  for (const task of TASKS) {
    for (const language of LANGUAGES) {
      const rows = results.filter((r) => r.task === task && r.language === language)
      lines.push([task, language, String(rows.length), ...columns.map(([, f]) => f(rows))])
    }
  }
  lines.push(['all', '', String(results.length), ...columns.map(([, f]) => f(results))])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  console.log(`\n${row(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const line of lines) console.log(row(line))

  console.log(
    `\nReply options (Spanish invitation): ${options ? options.map((o) => `«${o.label}»`).join(' ') : 'none usable'}`,
  )
  const notices = results.filter((r) => r.notice).length
  console.log(`Drafts with a notice for the user (what ${label} could not write): ${notices}`)
  const pasted = results.find((r) => r.pasted)
  if (pasted)
    console.log(`\nA pasted run, in ${pasted.task} (${pasted.language}): "${pasted.pasted}"`)
  const unset = results.filter((r) => r.letterFaults.length)
  for (const language of LANGUAGES) {
    const fault = unset.find((r) => r.language === language)
    if (fault)
      console.log(
        `Letter set out wrong in ${unset.filter((r) => r.language === language).length} ${language} drafts, e.g. ${fault.task}: ${fault.letterFaults.join('; ')}`,
      )
  }
  const asking = results.filter((r) => r.noReplyAsked === false)
  if (asking.length)
    console.log(
      `Asks for a reply after a decline or a thank-you in ${asking.length} drafts, e.g. ${asking[0]!.task} (${asking[0]!.language}): "${AWAITS_REPLY[asking[0]!.language].exec(asking[0]!.text)?.[0]}"`,
    )
  // One draft of each task to read (`--drafts` prints them all).
  const all = process.argv.includes('--drafts')
  const shown = TASKS.flatMap((task) =>
    all
      ? results.filter((r) => r.task === task)
      : results.filter((r) => r.task === task && r.language !== 'english').slice(0, 1),
  )
  for (const sample of shown) {
    const task = sample.task
    const subject = sample.subject ? `Subject: ${sample.subject}\n` : ''
    console.log(`\n— ${task}, ${sample.language} —\n${subject}${sample.text}`)
  }
}

const sum = (rows: Result[], f: (r: Result) => number) => rows.reduce((t, r) => t + f(r), 0)

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
