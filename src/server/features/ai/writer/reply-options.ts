/**
 * Three ways to answer a mail, drawn from what it asks (issue 23, reply options): "Yes, Thursday
 * at 10 am works", "Propose another time", "Decline politely". Each label is written in the
 * contact's language and is itself an instruction the writer reads back when it is picked.
 */
import type { ActArgs, OptionKind } from './acts.js'
import { ctxOf, type WriterInput, type Written } from './input.js'
import { readHints } from './hints.js'
import { readMail, type AskType } from './mail.js'
import { phrasebooks } from './phrasebooks.js'

const OPTIONS: Record<AskType | 'none', [OptionKind, OptionKind, OptionKind]> = {
  send: ['yesSend', 'moreTime', 'decline'],
  meeting: ['meetYes', 'proposeTime', 'decline'],
  invite: ['accept', 'askAgenda', 'decline'],
  confirm: ['confirm', 'askDetails', 'decline'],
  pay: ['pay', 'moreTime', 'askDetails'],
  question: ['yes', 'askDetails', 'decline'],
  sent: ['thankDoc', 'receipt', 'askDetails'],
  thanks: ['welcome', 'suggestMeeting', 'askDetails'],
  info: ['receipt', 'askDetails', 'suggestMeeting'],
  none: ['receipt', 'askDetails', 'suggestMeeting'],
}

export type ReplyOption = { label: string; instruction: string }

export function replyOptions(input: WriterInput): Written {
  const book = phrasebooks[input.language]
  const c = ctxOf(input)
  const mail = readMail(input.originalEmail ?? '')
  const main = mail.asks.find((a) => a.type !== 'info') ?? mail.asks[0] ?? null
  const a: ActArgs = {
    objects: main?.objects ?? [],
    when: main?.when ?? null,
    amount: main?.amount ?? null,
    event: main?.event ?? 'meeting',
    hints: readHints(input),
  }
  const options: ReplyOption[] = OPTIONS[main?.type ?? 'none'].map((kind) => {
    const label = book.option(kind, a, c).slice(0, 40)
    return { label, instruction: label }
  })
  return { text: JSON.stringify(options), notice: null }
}
