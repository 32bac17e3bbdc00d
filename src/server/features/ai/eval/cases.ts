/**
 * What `npm run eval:writing` asks for: contacts in the four languages, compose requests (in
 * English, as users type them), and in each language a mail with a question and a mail to
 * answer with an instruction, each with the words that show it was really answered.
 */
import type { Language, WritingBrief } from '../prompt.js'

export type EvalContact = Pick<
  WritingBrief['recipient'],
  'name' | 'tone' | 'formality' | 'language' | 'greeting' | 'signoff' | 'memory'
>

export const CONTACTS: EvalContact[] = [
  {
    name: 'Grace Hopper',
    tone: 'professional',
    formality: 'formal',
    language: 'english',
    greeting: 'Dear',
    signoff: 'Best regards',
    memory: 'Reviewed the compiler roadmap in October',
  },
  {
    name: 'Sam Rivera',
    tone: 'casual',
    formality: 'informal',
    language: 'english',
    greeting: 'Hey',
    signoff: 'Cheers',
    memory: null,
  },
  {
    name: 'Ana García',
    tone: 'friendly',
    formality: 'informal',
    language: 'spanish',
    greeting: 'Hola',
    signoff: 'Un abrazo',
    memory: 'Prefiere reuniones por la mañana',
  },
  {
    name: 'Aisha Rahman',
    tone: 'formal',
    formality: 'formal',
    language: 'spanish',
    greeting: 'Estimada',
    signoff: 'Atentamente',
    memory: null,
  },
  {
    name: 'Chloé Martin',
    tone: 'friendly',
    formality: 'informal',
    language: 'french',
    greeting: 'Salut',
    signoff: 'À bientôt',
    memory: null,
  },
  {
    name: 'Pierre Dubois',
    tone: 'professional',
    formality: 'formal',
    language: 'french',
    greeting: 'Bonjour',
    signoff: 'Cordialement',
    memory: 'Contrat signé en septembre',
  },
  {
    name: 'Jonas Weber',
    tone: 'casual',
    formality: 'informal',
    language: 'german',
    greeting: 'Hallo',
    signoff: 'Viele Grüße',
    memory: null,
  },
  {
    name: 'Dr. Katrin Schmidt',
    tone: 'formal',
    formality: 'formal',
    language: 'german',
    greeting: 'Sehr geehrte',
    signoff: 'Mit freundlichen Grüßen',
    memory: null,
  },
]

const THANK_REQUEST = 'Thank them for their help with the product launch'

/** Requests as users type them in Compose: in English, whatever the contact's language. */
export const COMPOSE_REQUESTS = [
  'Ask for the signed security questionnaire by Friday',
  THANK_REQUEST,
  'Propose a meeting on Tuesday at 3 pm to discuss the budget',
  'Follow up on the invoice of €2,400 I sent last month',
]

/**
 * Requests whose e-mail leaves nothing to answer (a thank-you): its closing line must not ask
 * for a reply. The instruction's decline (INSTRUCTED) is the other such draft.
 */
export const SETTLED_REQUESTS: ReadonlySet<string> = new Set([THANK_REQUEST])

/** Words in `language` of which one must appear (case-insensitive), by language. */
export type Cues = Record<Language, RegExp>

/** A mail that asks something, and the words a reply that answers it must use. */
export type QuestionCase = {
  mail: Record<Language, string>
  subject: Record<Language, string>
  /** What was asked for, named in the reply's language. */
  answers: Cues
}

export const QUESTION: QuestionCase = {
  subject: {
    english: 'Slides for the board meeting',
    spanish: 'Diapositivas para la reunión',
    french: 'Diapositives pour la réunion',
    german: 'Folien für die Sitzung',
  },
  mail: {
    english:
      'Hi Alex,\n\nCould you send me the slides before Friday? I would like to go through them before the board meeting.\n\nThanks,\nGrace',
    spanish:
      'Hola Alex:\n\n¿Podrías enviarme las diapositivas antes del viernes? Me gustaría revisarlas antes de la reunión del consejo.\n\nGracias,\nAna',
    french:
      "Bonjour Alex,\n\nPourrais-tu m'envoyer les diapositives avant vendredi ? J'aimerais les relire avant la réunion du conseil.\n\nMerci,\nChloé",
    german:
      'Hallo Alex,\n\nkönntest du mir die Folien vor Freitag schicken? Ich möchte sie vor der Vorstandssitzung durchgehen.\n\nDanke\nJonas',
  },
  answers: {
    english: /slides?|deck|presentation/i,
    spanish: /diapositivas|presentación/i,
    french: /diapositives|présentation|slides/i,
    german: /folien|präsentation/i,
  },
}

/** A mail answered with what the user told Smart Reply to say, and the words that show it. */
export const INSTRUCTED = {
  instruction: 'Decline politely: I am travelling that week',
  subject: QUESTION.subject,
  mail: {
    english:
      'Hi Alex,\n\nWould you join our planning workshop next Thursday at 10 am? It should take about two hours.\n\nBest,\nGrace',
    spanish:
      'Hola Alex:\n\n¿Te gustaría unirte a nuestro taller de planificación el próximo jueves a las 10? Durará unas dos horas.\n\nUn saludo,\nAna',
    french:
      'Bonjour Alex,\n\nVeux-tu participer à notre atelier de planification jeudi prochain à 10 h ? Il durera environ deux heures.\n\nBien à toi,\nChloé',
    german:
      'Hallo Alex,\n\nmagst du am nächsten Donnerstag um 10 Uhr an unserem Planungsworkshop teilnehmen? Er dauert etwa zwei Stunden.\n\nViele Grüße\nJonas',
  } satisfies Record<Language, string>,
  /** A declining word: the reply says no. */
  followed: {
    english:
      /unfortunately|unable|can't|cannot|won't be able|decline|regret|not be able|afraid|say no/i,
    spanish:
      /lamentablemente|desafortunadamente|no podré|no puedo|me temo|lamento|por desgracia|no va a poder ser/i,
    french: /malheureusement|ne pourrai pas|ne peux pas|regrette|hélas|je crains/i,
    german: /leider|nicht teilnehmen|kann nicht|werde nicht|bedauer|absagen/i,
  } satisfies Cues,
}

/**
 * Phrases of a reply that puts the answer off instead of giving it ("I am looking into your
 * question and will get back to you"): such a reply has not answered.
 */
export const DEFERRALS: Cues = {
  english: /get back to you|looking into|look into (it|this|your)|come back to you/i,
  spanish: /le responderé|te responderé|lo estoy revisando|volveré a escribir/i,
  french: /reviendrai vers|je regarde (cela|ça)|je me renseigne/i,
  german: /melde mich (später|bald|wieder)|schaue (es )?mir .* an|kümmere mich darum/i,
}

/**
 * Closing lines that wait for the reader's answer ("I look forward to hearing from you"): they
 * fit an e-mail that asks something, not a decline or a thank-you, where there is nothing to
 * answer.
 */
export const AWAITS_REPLY: Cues = {
  english:
    /look(?:ing)? forward to (?:hearing from you|your (?:reply|answer|response))|await(?:ing)? your (?:reply|answer|response)|hear from you soon/i,
  spanish:
    /quedo a la espera|(?:espero|aguardo) (?:sus|tus) noticias|(?:espero|aguardo) (?:su|tu) respuesta/i,
  french:
    /dans l['’]attente de (?:votre|ton) (?:retour|réponse)|par avance de (?:votre|ton) retour|j['’]attends (?:votre|ton) (?:retour|réponse)/i,
  german:
    /freue mich auf (?:Ihre|deine) (?:Rückmeldung|Antwort)|(?:warte|warten) auf (?:Ihre|deine) (?:Rückmeldung|Antwort)|über (?:Ihre|deine) (?:Rückmeldung|Antwort) freuen/i,
}
