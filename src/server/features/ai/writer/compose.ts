import type { ContactTone, Formality, Language } from '../prompt.js'
import { phrasebooks, type Intent, type ReplyIntent } from './phrasebooks.js'

/** What the offline writer reads from the prompt to compose an e-mail. */
export type CompositionInput = {
  kind: 'generate-email' | 'smart-reply'
  language: Language
  tone: ContactTone
  formality: Formality
  greeting: string
  signoff: string
  recipientName: string | null
  senderName: string
  request: string | null
  originalEmail: string | null
  subject: string | null
  /** The writing profile's sentence structure; long joins sentences in pairs. */
  sentenceStructure: 'short' | 'long' | 'mixed'
}

/** Words that reveal what the user wants, in the four languages a request may come in. */
const INTENT_WORDS: [Intent, RegExp][] = [
  ['congrats', /congrat|felicit|félicit|gratul|well done|bravo/i],
  [
    'apology',
    /apolog|sorry|delay|late|disculp|perd[oó]n|retras|désolé|excus|retard|entschuldig|verspät|tut mir leid/i,
  ],
  ['thanks', /thank|grateful|appreciat|gracias|agradec|merci|remercie|danke|dank/i],
  ['followUp', /follow[- ]?up|following up|seguimiento|suivi|relance|nachfass|nachfrage/i],
  [
    'meeting',
    /meeting|\bmeet\b|\bcall\b|schedule|appointment|reuni[oó]n|\bcita\b|réunion|rendez-vous|treffen|termin|besprechung/i,
  ],
  // Asking comes before the update words: "ask for the report" is a request, not an update.
  [
    'request',
    /\b(ask|request|need|send me|could you|can you|pedir|pide|solicit|necesit|demander|besoin|bitte um|anfrag|brauche)/i,
  ],
  [
    'update',
    /update|progress|status|report|actualizaci|avance|informe|point sur|avancement|\bstand\b|fortschritt|bericht/i,
  ],
]

function intentOf(text: string): Intent | null {
  return INTENT_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? null
}

function replyIntentOf(text: string): ReplyIntent {
  if (/\?|¿/.test(text)) return 'question'
  if (/meeting|meet|call|schedule|reuni|réunion|treffen|termin/i.test(text)) return 'meeting'
  if (/thank|gracias|merci|danke/i.test(text)) return 'thanks'
  return 'other'
}

/**
 * The subject of the request without the instruction around it: "write to Ana to ask for
 * the Q3 report" → "the Q3 report". The writer cannot translate, so what remains is quoted.
 */
export function topicOf(request: string): string {
  let topic = oneLine(request).replace(/[.!\s]+$/, '')
  const instructions = [
    /^(please\s+)?(write|draft|compose|send)\s+(an?\s+)?(short\s+|quick\s+|brief\s+)?(e-?mail|message|note|reply)?\s*/i,
    /^(to|for)\s+[\p{Lu}][\p{L}'-]*(\s+[\p{Lu}][\p{L}'-]*)?\s*/u,
    /^(give|send|share|provide)\s+((them|him|her|me|us)\s+)?(an?\s+)?(short\s+|quick\s+|brief\s+)?(update|summary|overview)\s+/i,
    /^(to\s+)?(ask|tell|remind|inform|thank|congratulate|update)\s+(him|her|them|me|us|[\p{Lu}][\p{L}'-]*)?\s*/iu,
    /^(about|regarding|for|on|that|to)\s+/i,
  ]
  for (const pattern of instructions) topic = topic.replace(pattern, '')
  return topic.length > 140 ? `${topic.slice(0, 139).trimEnd()}…` : topic
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

const AND: Record<Language, string> = { english: 'and', spanish: 'y', french: 'et', german: 'und' }
/** Words that keep their capital inside a sentence (I, and the German formal address). */
const KEEPS_CAPITAL = /^(I|Sie|Ihnen|Ihre[mnrs]?|Ihr)\b/

/**
 * Joins statements in pairs with "and" for writers who like long sentences; questions and
 * exclamations stay on their own.
 */
function lengthen(paragraph: string, language: Language): string {
  const sentences = paragraph.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [paragraph]
  const out: string[] = []
  for (let i = 0; i < sentences.length; i++) {
    const current = sentences[i]!
    const next = sentences[i + 1]
    const joinable = next && current.endsWith('.') && /[.]$/.test(next) && !/^[¿¡]/.test(next)
    if (!joinable) {
      out.push(current)
      continue
    }
    const tail = KEEPS_CAPITAL.test(next) ? next : next.charAt(0).toLowerCase() + next.slice(1)
    out.push(`${current.slice(0, -1)}, ${AND[language]} ${tail}`)
    i++
  }
  return out.join(' ')
}

/** The first name, for greetings like "Hi Ana"; a formal greeting keeps the full name. */
function addressee(name: string | null, formality: Formality): string {
  if (!name) return ''
  const clean = oneLine(name)
  return formality === 'informal' ? (clean.split(' ')[0] ?? clean) : clean
}

/** The subject of the e-mail being answered: its subject line, or its first words. */
function replyTopic(input: CompositionInput): string | null {
  if (input.subject) return input.subject.replace(/^(re|aw|fwd?|wg|tr):\s*/i, '')
  const firstLine = (input.originalEmail ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !/^(hi|hello|dear|hey|hola|bonjour|salut|hallo|liebe|lieber)\b/i.test(l))
  if (!firstLine) return null
  const words = firstLine.split(/\s+/).slice(0, 8).join(' ')
  return words.replace(/[.,;:!?]+$/, '')
}

/**
 * The offline writer's e-mail (decision 011): deterministic, in the recipient's language, opening with
 * their greeting and closing with their sign-off and the user's name. It never invents a
 * placeholder: a missing name or topic is written around.
 */
export function composeEmail(input: CompositionInput): string {
  const book = phrasebooks[input.language][input.formality]
  const warmth = input.tone === 'friendly' || input.tone === 'casual' ? 'warm' : 'neutral'
  const rawTopic =
    input.kind === 'smart-reply' ? replyTopic(input) : topicOf(input.request ?? '') || null
  const topic = rawTopic ? book.quote(rawTopic) : book.noTopic
  const fill = (template: string) => template.replaceAll('{t}', topic)

  const body =
    input.kind === 'smart-reply'
      ? fill(book.reply[replyIntentOf(input.originalEmail ?? '')])
      : fill(book.body[intentOf(input.request ?? '') ?? 'other'])

  const name = addressee(input.recipientName, input.formality)
  const greeting = `${oneLine(input.greeting)}${name ? ` ${name}` : ''},`
  const paragraph = `${book.opening[warmth]} ${body}`
  return [
    greeting,
    '',
    input.sentenceStructure === 'long' ? lengthen(paragraph, input.language) : paragraph,
    '',
    book.closing[warmth],
    '',
    `${oneLine(input.signoff)},`,
    oneLine(input.senderName),
  ].join('\n')
}
