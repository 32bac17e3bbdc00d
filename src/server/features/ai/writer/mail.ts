/**
 * Reads what the mail being answered asks, in any of the four languages: "could you send the
 * slides before Friday?" is a request for a document with a deadline, "are you free on Thursday
 * at 10?" a meeting, "please find attached the contract" a document received. A question the
 * phrasebooks cannot answer is reported, never quoted into the reply.
 */
import { findAmount, findWhen, type Amount, type When } from './entities.js'
import type { Unsaid } from './intents.js'
import { nounByKey } from './lexicon.js'
import { findNounPhrases, unknownIn, type NounPhrase, type PlacedAmount } from './noun-phrases.js'
import { Clause, sentences, tokenize, words } from './text.js'

export type AskType =
  'send' | 'meeting' | 'invite' | 'confirm' | 'pay' | 'question' | 'sent' | 'thanks' | 'info'

export type Ask = {
  type: AskType
  objects: NounPhrase[]
  when: When | null
  amount: Amount | null
  event: 'meeting' | 'call'
  /** The sentence asked, for the notice when it cannot be answered. */
  sentence: string
}

export type MailReading = { asks: Ask[]; unsaid: Unsaid[] }

const SEND = words(
  'send\\w*|share|forward|provide|envi\\w*|mand\\w*|compart\\w*|pasar\\w*|hacer llegar|envoy\\w*|envoi\\w*|transmet\\w*|transmettre|partag\\w*|faire parvenir|schick\\w*|zusenden|zukommen|ubermittel\\w*|teilen',
)
const YOU_ASK = words(
  'could you|can you|would you|will you|please|kindly|puedes|podrias|podria|puede|pueden|por favor|te importaria|le importaria|pourriez|pourrais|peux|pouvez|merci de|konnten|konnen|kannst|konntest|wurden|wurdest|bitte',
)
const MEET = words(
  "meet|meeting|call|catch up|available|free|time for|slot|reunion|reunirnos|vernos|quedar|quedamos|llamada|disponible|hueco|rencontrer|nous rencontrer|reunir|appel|dispo|creneau|se voir|nous voir|vous voir|treffen|termin|zeit|telefonieren|telefonat|besprechung|let's meet|lass uns",
)
const INVITE = words(
  'invit\\w*|einlad\\w*|(?:laden|lade|ladt) .*ein|join us|would love (?:for )?you to (?:join|come)|acompan\\w*|nous rejoindre|dabei sein',
)
/** Joining something: with an event named, a question to join is an invitation. */
const JOIN = words(
  'join|attend|come|participate|take part|unirte|unirse|unirme|participar|asistir|venir|participer|rejoindre|venir|teilnehmen|dabei|mitmachen|kommen',
)
const CONFIRM = words('confirm\\w*|bestatig\\w*')
const PAY = words(
  'pay|payment|settle|pagar|pago|abonar|payer|paiement|regler|reglement|bezahl\\w*|zahlung|uberweis\\w*|begleich\\w*',
)
const SENT = words(
  "attached|attach\\w*|enclosed|here is|here are|please find|adjunt[oa]|te envio|le envio|te mando|os envio|ci-joint|piece jointe|vous trouverez|je vous envoie|je t' envoie|anbei|im anhang|anhangend|sende ich|schicke ich",
)
const THANKS = words('thank\\w*|gracias|agradec\\w*|merci|remerci\\w*|danke|dank\\w*|bedank\\w*')
const FORMULAIC = words("in advance|de antemano|d' avance|par avance|im voraus|vorab")

/** The mail without its greeting, sign-off and quoted history. */
export function mailBody(text: string): string {
  const lines: string[] = []
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*>/.test(line)) continue
    if (
      /^(On .+ wrote:|El .+ escribió:|Le .+ a écrit ?:|Am .+ schrieb .+:|-{2,}\s*(Original|Forwarded)|From: )/i.test(
        line.trim(),
      )
    )
      break
    lines.push(line)
  }
  const body = lines.map((l) => l.trim())
  const firstText = body.findIndex(Boolean)
  if (
    firstText >= 0 &&
    /^(hi|hello|hey|dear|good (morning|afternoon)|hola|estimad[oa]s?|querid[oa]s?|buenos días|bonjour|salut|cher|chère|madame|monsieur|hallo|liebe[rs]?|sehr geehrte[rs]?|guten tag|moin)\b/i.test(
      body[firstText]!,
    ) &&
    body[firstText]!.split(/\s+/).length <= 6
  )
    body.splice(firstText, 1)
  const closing = body.findIndex((l) =>
    /^(best|kind regards|regards|many thanks|thanks|thank you|cheers|all the best|sincerely|saludos|un saludo|un abrazo|atentamente|gracias|cordialement|bien à vous|bien cordialement|à bientôt|merci|amicalement|viele grüße|beste grüße|liebe grüße|mit freundlichen grüßen|freundliche grüße|lg|vg|danke)[,!.]?$/i.test(
      l,
    ),
  )
  return (closing > 0 ? body.slice(0, closing) : body).join('\n').trim()
}

function classify(
  sentence: string,
  clause: Clause,
  question: boolean,
  objects: NounPhrase[],
): AskType {
  const has = (pattern: RegExp) => pattern.test(clause.text)
  const documents = objects.some((o) => o.noun.kind === 'doc')
  if (question || has(YOU_ASK)) {
    if (has(PAY) && (documents || findsAmount(sentence))) return 'pay'
    if (has(INVITE)) return 'invite'
    if (has(JOIN) && objects.some((o) => o.noun.kind === 'event')) return 'invite'
    if (has(CONFIRM)) return 'confirm'
    if (has(SEND) && (documents || objects.length)) return 'send'
    if (has(MEET)) return 'meeting'
    if (question) return 'question'
  }
  if (has(INVITE)) return 'invite'
  if (has(SENT) && documents) return 'sent'
  if (/^(let's|let us|lass uns|quedamos|on se voit)\b/i.test(sentence) && has(MEET))
    return 'meeting'
  if (has(THANKS) && !has(FORMULAIC) && sentence.split(/\s+/).length > 3) return 'thanks'
  return 'info'
}

const findsAmount = (sentence: string) =>
  findAmount(new Clause(tokenize(sentence), sentence)) !== null

const RANK: AskType[] = [
  'send',
  'pay',
  'invite',
  'confirm',
  'meeting',
  'question',
  'sent',
  'thanks',
  'info',
]

/** What the mail asks, most answerable first; each a sentence of the mail read into values. */
export function readMail(text: string): MailReading {
  const asks: Ask[] = []
  const unsaid: Unsaid[] = []
  for (const sentence of sentences(mailBody(text))) {
    const clause = new Clause(tokenize(sentence), sentence)
    const question = /\?\s*$/.test(sentence) || sentence.startsWith('¿')
    const amounts: PlacedAmount[] = []
    for (let found = findAmount(clause); found; found = findAmount(clause)) amounts.push(found)
    const when = findWhen(clause)
    const found = findNounPhrases(clause, 'mail', amounts)
    const type = classify(sentence, clause, question, found)
    let objects = found
    let event: Ask['event'] =
      found.some((o) => o.noun.key === 'call') || /call|llamada|appel|telefon/i.test(sentence)
        ? 'call'
        : 'meeting'
    if (type === 'send' || type === 'sent' || type === 'pay') {
      const docs = found.filter((o) => o.noun.kind === 'doc')
      objects = docs.length ? docs : found.filter((o) => o.noun.kind !== 'event')
    } else if (type === 'invite') {
      // "the invitation to your workshop": the invitation is what is thanked for and answered.
      const event = found.find((o) => o.noun.kind === 'event' && o.noun.key !== 'invitation')
      const invitation = standard('invitation')
      objects = [event ? { ...invitation, complement: { prep: 'to', np: event } } : invitation]
    } else if (type === 'meeting') objects = []
    if (type === 'meeting' && !/call|llamada|appel|telefon/i.test(sentence)) event = 'meeting'
    for (const np of objects) unsaid.push(...unknownIn(np))
    asks.push({
      type,
      objects,
      when,
      amount: amounts.find((a) => !objects.some((o) => o.amount === a.value))?.value ?? null,
      event,
      sentence,
    })
  }
  asks.sort((a, b) => RANK.indexOf(a.type) - RANK.indexOf(b.type))
  return { asks, unsaid }
}

/** A thing named by the writer itself, not read from the mail ("the invitation"). */
export function standard(key: string): NounPhrase {
  return {
    noun: nounByKey(key),
    det: 'the',
    adjs: [],
    qualifier: null,
    amount: null,
    complement: null,
    plural: false,
    unknown: [],
    source: key,
  }
}
