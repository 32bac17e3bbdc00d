/**
 * What a draft can say, language by language: each act ("ask for the report by Friday", "yes,
 * Thursday works") is written out per language in its phrasebook with several wordings, and
 * the writer picks among them by the prompt's Variation. Nothing is translated at run time.
 */
import type { Language } from '../prompt.js'
import type { Amount, DayPart, When } from './entities.js'
import type { NounPhrase } from './noun-phrases.js'

export type Act =
  | 'thank'
  | 'askFor'
  | 'send'
  | 'meet'
  | 'followUp'
  | 'decline'
  | 'accept'
  | 'confirm'
  | 'apologise'
  | 'congratulate'
  | 'update'
  | 'moreTime'
  | 'welcome'
  | 'received'
  | 'receipt'
  | 'pay'
  | 'cannotSend'
  | 'meetYes'
  | 'meetNo'
  | 'proposeTime'
  | 'holding'
  | 'yes'
  | 'no'
  | 'noted'
  | 'metAt'
  | 'generic'
  /** A meeting or an event coming up, with its day. */
  | 'remind'
  /** Moving a meeting to another day. */
  | 'reschedule'
  /** Sorry for the delay with something. */
  | 'apologiseDelay'

/** What the writer knows of the contact from their Memory and Context (never their words). */
export type Hints = {
  /** "Prefers morning meetings": a meeting without a time is proposed in the morning. */
  dayPart: DayPart | null
  /** "Met at the conference in May": the event, for a first line. */
  metAt: NounPhrase | null
  /** The date of the last e-mail sent to them, from the memory's dated lines. */
  lastMail: { day: number; month: number } | null
}

export type ActArgs = {
  objects: NounPhrase[]
  when: When | null
  amount: Amount | null
  /** A meeting or a call. */
  event: 'meeting' | 'call'
  hints: Hints
}

/** The register of the contact: formal address or not, warm tone or neutral. */
export type Ctx = { formal: boolean; warm: boolean }

/**
 * What the draft leaves its reader to do, which its closing line has to fit: answer something
 * it asks ("I look forward to hearing from you" fits), take a no (a decline: nothing to answer,
 * "Thank you for your understanding"), or nothing at all (a thank-you, a confirmation).
 */
export type Ending = 'asks' | 'declines' | 'settles'

/**
 * How a language sets out a letter around its body, by its own conventions: the marks after
 * the greeting and after the sign-off, and how the body goes on after the greeting.
 */
export type LetterForm = {
  /** What ends the greeting line: a comma, or a colon in formal Spanish ("Estimada Dra. García:"). */
  greetingMark: (c: Ctx) => ',' | ':'
  /**
   * What follows the sign-off, the name on the next line: "Best regards,", "Saludos
   * cordiales,", "Cordialement,", but no mark at all in German ("Mit freundlichen Grüßen", DIN 5008).
   */
  signoffMark: ',' | ''
  /**
   * First words of the phrasebook's sentences that go on in lower case after a greeting ending
   * in a comma (German: "Sehr geehrte Frau Dr. Schmidt,\n\nich komme…"); absent where the body
   * starts with a capital whatever the greeting (English, Spanish, French).
   */
  lowerAfterComma?: ReadonlySet<string>
}

/** Each act's wordings; a wording may be one sentence or two. */
export type Phrases = Record<Act, (a: ActArgs, c: Ctx) => string[]>

/** The three choices offered before a reply is written (issue 23, reply options). */
export type OptionKind =
  | 'yesSend'
  | 'moreTime'
  | 'decline'
  | 'meetYes'
  | 'proposeTime'
  | 'accept'
  | 'askAgenda'
  | 'receipt'
  | 'thankDoc'
  | 'welcome'
  | 'suggestMeeting'
  | 'askDetails'
  | 'pay'
  | 'yes'
  | 'confirm'

export type Phrasebook = {
  language: Language
  /** The language's English name, for the notice to the user. */
  name: string
  phrases: Phrases
  /** A first line before the matter: warm or neutral pleasantries. */
  opening: (c: Ctx) => string[]
  /**
   * A last line before the sign-off, fitting what the draft leaves its reader to do: only a
   * draft that asks something may close by waiting for the answer.
   */
  closing: (c: Ctx, ending: Ending) => string[]
  /** The first line of a reply: thanks for the message, without repeating it. */
  replyOpener: (c: Ctx) => string[]
  /** "Of course." before a yes to a question. */
  yes: (c: Ctx) => string[]
  /** A compose draft's subject, from its first act. */
  subject: (act: Act, a: ActArgs, c: Ctx) => string
  /** A reply option's words (≤ 40 characters), which the writer can read back as an instruction. */
  option: (kind: OptionKind, a: ActArgs, c: Ctx) => string
  /** How sentences may be joined for writers of long sentences: the joint, and which first words may lose their capital. */
  join: { and: string; lowerable: RegExp; keepCapital?: RegExp }
  /** How the letter is set out around the body (greeting and sign-off marks, first word). */
  letter: LetterForm
}

export const ENDINGS: readonly Ending[] = ['asks', 'declines', 'settles']
