/** The German phrasebook: Sie for formal contacts, du for the others. */
import type { Phrasebook } from './acts.js'
import { bare, list, phrase, pronoun, when, whenBare } from './de-grammar.js'
import { capitalise } from './text.js'
import { acc, phrases, topic } from './de-phrases.js'

/**
 * After a greeting ending in a comma a German letter goes on in lower case ("Sehr geehrte Frau
 * Dr. Schmidt,\n\nich komme noch einmal…"), except for a noun and the polite Sie, Ihnen, Ihr,
 * which keep their capital. The phrasebook's sentences are its own, so their first words are
 * known: these are the ones that are no noun and no polite pronoun (the opening lines, the
 * acts' first words, "Sehr gerne." before a yes, and the day words a sentence may open with:
 * "am", "bis", "morgen", "nächsten"). A word not listed keeps its capital: "Sie erhalten…",
 * "Ihre Nachricht…", "Freitag passt mir gut."
 */
const GERMAN_LOWER_AFTER_COMMA: ReadonlySet<string> = new Set([
  // pronouns, articles and possessives of du (never Sie, Ihnen, Ihr)
  ...['ich', 'wir', 'es', 'du', 'deine', 'der', 'die', 'das', 'eine'],
  // verbs
  ...['könnten', 'können', 'könnte', 'könntest', 'kannst', 'darf', 'wäre', 'wärst', 'hätten'],
  ...['hast', 'würde', 'wollen', 'passt', 'melde', 'denk', 'entschuldigen', 'entschuldige', 'tut'],
  // adjectives, adverbs, particles, prepositions
  ...['vielen', 'herzlichen', 'kurze', 'danke', 'gerne', 'gern', 'sehr', 'selbstverständlich'],
  ...['leider', 'anbei', 'bitte', 'hier', 'hiermit', 'bei', 'wie', 'da', 'ja', 'klar', 'super'],
  ...['alles', 'von', 'zu', 'zum', 'zur', 'am', 'an', 'um', 'bis', 'vor', 'ab', 'in', 'gleich'],
  ...['heute', 'noch', 'morgen', 'diese', 'nächste', 'nächsten'],
])

export const german: Phrasebook = {
  language: 'german',
  name: 'German',
  phrases,
  opening: (c) =>
    c.warm
      ? c.formal
        ? [
            'Ich hoffe, es geht Ihnen gut.',
            'Ich hoffe, Sie haben eine gute Woche.',
            'Ich hoffe, bei Ihnen ist alles in Ordnung.',
          ]
        : [
            'Ich hoffe, es geht dir gut.',
            'Ich hoffe, du hast eine gute Woche!',
            'Ich hoffe, bei dir ist alles gut.',
          ]
      : c.formal
        ? ['Ich hoffe, es geht Ihnen gut.', 'Ich hoffe, diese Nachricht erreicht Sie wohlauf.']
        : ['Ich hoffe, es geht dir gut.', 'Ich hoffe, bei dir ist alles gut.'],
  closing: (c, ending) =>
    ({
      // Waiting for the answer only where the draft asks something.
      asks: c.formal
        ? [
            'Bei Fragen stehe ich Ihnen jederzeit gerne zur Verfügung.',
            'Ich freue mich auf Ihre Rückmeldung.',
            'Vielen Dank für Ihre Zeit.',
          ]
        : [
            'Melde dich gerne, wenn du noch etwas brauchst.',
            'Bis bald!',
            'Ich freue mich auf deine Antwort.',
          ],
      declines: c.formal
        ? [
            'Ich bitte um Ihr Verständnis.',
            'Ich hoffe, es ergibt sich bald eine andere Gelegenheit.',
            'Bei Fragen stehe ich Ihnen jederzeit gerne zur Verfügung.',
          ]
        : ['Ich hoffe, du verstehst das.', 'Hoffentlich klappt es beim nächsten Mal!', 'Bis bald!'],
      settles: c.formal
        ? [
            'Bei Fragen stehe ich Ihnen jederzeit gerne zur Verfügung.',
            'Ich wünsche Ihnen eine angenehme Woche.',
            'Ich wünsche Ihnen einen schönen Tag.',
          ]
        : [
            'Melde dich gerne, wenn du noch etwas brauchst.',
            'Bis bald!',
            'Ich wünsche dir eine schöne Woche!',
          ],
    })[ending],
  replyOpener: (c) =>
    c.formal
      ? [
          'Vielen Dank für Ihre Nachricht.',
          'Herzlichen Dank für Ihre E-Mail.',
          'Danke für Ihre Rückmeldung.',
        ]
      : [
          'Danke für deine Nachricht!',
          'Vielen Dank für deine E-Mail.',
          'Danke, dass du dich meldest.',
        ],
  yes: (c) => (c.formal ? ['Selbstverständlich.', 'Sehr gerne.'] : ['Klar!', 'Gerne.']),
  subject(act, a, c) {
    const w = a.when ? ` ${when(a.when)}` : ''
    const names = capitalise(list(a.objects.map((o) => bare(o, c))))
    switch (act) {
      case 'thank':
        return `Vielen Dank${a.objects.length ? ` für ${acc(a, c)}` : ''}`
      case 'askFor':
        return names ? (w ? `${names}${w}` : `Anfrage: ${names}`) : 'Eine Anfrage'
      case 'send':
      case 'pay':
        return names ? `${names}${w}` : 'In Kürze'
      case 'meet':
        return `${a.event === 'call' ? 'Telefonat' : 'Termin'}${topic(a, c)}${w}`
      case 'followUp':
        return names ? `Nachfrage: ${names}` : 'Nachfrage'
      case 'decline':
      case 'accept':
        return a.objects.length
          ? capitalise(list(a.objects.map((o) => phrase({ ...o, det: 'your' }, c, 'nom'))))
          : 'Meine Antwort'
      case 'confirm':
        return `Bestätigung${names ? `: ${names}` : ''}${w}`
      case 'apologise':
        return 'Entschuldigung'
      case 'congratulate':
        return 'Herzlichen Glückwunsch!'
      case 'update':
        return names ? `Zwischenstand: ${names}` : 'Zwischenstand'
      case 'moreTime':
        return 'Frist'
      case 'remind':
        return `Erinnerung: ${names}`
      case 'reschedule':
        return `Neuer Termin: ${names}`
      case 'apologiseDelay':
        return 'Entschuldigung für die Verzögerung'
      default:
        return names || 'Hallo'
    }
  },
  option(kind, a, c) {
    const fit = (long: string, short: string) => (long.length <= 40 ? long : short)
    switch (kind) {
      case 'yesSend':
        return fit(`Ja, ich schicke ${acc(a, c, 'es')}`, `Ja, ich schicke ${pronoun(a)}`)
      case 'moreTime':
        return 'Um mehr Zeit bitten'
      case 'decline':
        return 'Höflich absagen'
      case 'meetYes':
        return a.when
          ? fit(`Ja, ${whenBare(a.when)} passt`, 'Ja, der Termin passt')
          : 'Ja, gerne treffen'
      case 'proposeTime':
        return 'Anderen Termin vorschlagen'
      case 'accept':
        return 'Einladung annehmen'
      case 'askAgenda':
        return 'Nach der Tagesordnung fragen'
      case 'receipt':
        return 'Empfang bestätigen'
      case 'thankDoc':
        return 'Danke sagen'
      case 'welcome':
        return '„Gern geschehen“ antworten'
      case 'suggestMeeting':
        return 'Ein Treffen vorschlagen'
      case 'askDetails':
        return 'Nach mehr Details fragen'
      case 'pay':
        return a.when
          ? fit(`Ich zahle ${when(a.when)}`, 'Ich zahle die Rechnung')
          : 'Ich zahle die Rechnung'
      case 'yes':
        return 'Zusagen'
      case 'confirm':
        return 'Bestätigen'
    }
  },
  join: {
    and: 'und',
    lowerable:
      /^(Ich|Es|Das|Vielen|Herzlichen|Danke|Bei|Melde|Leider|Gerne|Sehr|Hier|Hiermit)(?!\p{L})/u,
  },
  letter: {
    greetingMark: () => ',',
    // DIN 5008: "Mit freundlichen Grüßen" stands alone, the name on the next line.
    signoffMark: '',
    lowerAfterComma: GERMAN_LOWER_AFTER_COMMA,
  },
}
