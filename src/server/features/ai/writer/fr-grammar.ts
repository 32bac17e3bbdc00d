/** French names for things, days and sums: elision (l', d'), contractions (du, au, des), agreement. */
import type { ActArgs, Ctx } from './acts.js'
import type { Amount, Day, Time, When } from './entities.js'
import type { NounPhrase } from './noun-phrases.js'

const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']
export const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]
const PART = { morning: 'matin', afternoon: 'après-midi', evening: 'soir' }

export const vowel = (word: string) => /^[aeiouyàâéèêëîïôûœh]/i.test(word)

export function amount(a: Amount): string {
  return new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: a.currency,
    minimumFractionDigits: a.decimals ? 2 : 0,
  }).format(a.value)
}

function time(t: Time): string {
  if (t.hour === 12 && t.minute === 0) return 'à midi'
  return `à ${t.hour} h${t.minute ? ` ${String(t.minute).padStart(2, '0')}` : ''}`
}

export const date = (d: { day: number; month: number }) =>
  `${d.day === 1 ? '1er' : d.day} ${MONTHS[d.month]}`

/** The day as it stands alone: "vendredi", "mardi prochain", "le 15 mars", "la fin du mois". */
function day(d: Day): string {
  if (d.kind === 'weekday')
    return `${WEEKDAYS[d.weekday]}${d.part ? ` ${PART[d.part]}` : ''}${d.next ? ' prochain' : ''}`
  if (d.kind === 'date') return `le ${date(d)}`
  if (d.part && d.relative.endsWith('week'))
    return `un ${PART[d.part]} de ${d.relative === 'next-week' ? 'la semaine prochaine' : 'cette semaine'}`
  return {
    today: "aujourd'hui",
    tomorrow: d.part ? `demain ${PART[d.part]}` : 'demain',
    'this-week': 'cette semaine',
    'next-week': 'la semaine prochaine',
    'end-of-week': 'la fin de la semaine',
    'end-of-month': 'la fin du mois',
    'next-month': 'le mois prochain',
  }[d.relative]
}

const withDe = (text: string) =>
  text.startsWith('le ') ? `du ${text.slice(3)}` : vowel(text) ? `d'${text}` : `de ${text}`

/** "d'ici vendredi", "avant le 15 mars", "mardi à 15 h", "à la fin de la semaine". */
export function when(w: When): string {
  const at = w.time ? time(w.time) : ''
  if (!w.day) return at
  const d = day(w.day)
  const relative = w.day.kind === 'relative' ? w.day.relative : null
  let phrase: string
  switch (w.relation) {
    case 'by':
      phrase = relative === 'today' ? 'dans la journée' : `d'ici ${d}`
      break
    case 'before':
      phrase =
        relative === 'today'
          ? 'avant ce soir'
          : relative === 'this-week'
            ? 'avant la fin de la semaine'
            : `avant ${d}`
      break
    case 'after':
      phrase = `à partir ${withDe(d)}`
      break
    default:
      phrase = relative?.startsWith('end') ? `à ${d}` : d
  }
  return at ? `${phrase} ${at}` : phrase
}

/** The day and time as the subject of a sentence: "Jeudi à 10 h me convient". */
export function whenBare(w: When): string {
  return [w.day ? day(w.day) : '', w.time ? time(w.time) : ''].filter(Boolean).join(' ')
}

const PREPOSITION = { with: 'pour', for: 'pour', about: 'sur', of: 'de', to: 'à' } as const

function agree(np: NounPhrase) {
  const form = np.noun.forms.french
  const plural = np.plural || form.pl
  return { form, plural, index: (form.g === 'f' ? 1 : 0) + (plural ? 2 : 0) }
}

/** The phrase without its article: "rapport Q3 signé", "facture de 2 400 €". */
export function bare(np: NounPhrase, c: Ctx): string {
  const { form, plural, index } = agree(np)
  const word = plural ? form.plural : form.word
  const pre = np.adjs
    .filter((a) => a.pre.fr)
    .map((a) => (a.key === 'new' && index === 0 && vowel(word) ? 'nouvel' : a.fr[index]))
  const post = np.adjs.filter((a) => !a.pre.fr).map((a) => a.fr[index])
  const core = [...pre, word, np.qualifier, ...post].filter(Boolean).join(' ')
  const rest = np.complement
    ? ` ${phrase(np.complement.np, c, PREPOSITION[np.complement.prep])}`
    : np.amount
      ? ` de ${amount(np.amount)}`
      : ''
  return `${core}${rest}`
}

/** The phrase with its article and a preposition: "du rapport", "à l'atelier", "de votre aide". */
export function phrase(np: NounPhrase, c: Ctx, prep = ''): string {
  const { plural, index } = agree(np)
  const body = bare(np, c)
  const v = vowel(body)
  let det: string
  switch (np.det) {
    case 'the':
      det = plural ? 'les' : v ? "l'" : index === 1 ? 'la' : 'le'
      break
    case 'a':
      det = plural ? 'des' : index === 1 ? 'une' : 'un'
      break
    case 'my':
      det = plural ? 'mes' : index === 1 && !v ? 'ma' : 'mon'
      break
    case 'our':
      det = plural ? 'nos' : 'notre'
      break
    case 'your':
      det = c.formal
        ? plural
          ? 'vos'
          : 'votre'
        : plural
          ? 'tes'
          : index === 1 && !v
            ? 'ta'
            : 'ton'
  }
  if (prep === 'de' || prep === 'à') {
    if (det === 'le') det = prep === 'de' ? 'du' : 'au'
    else if (det === 'les') det = prep === 'de' ? 'des' : 'aux'
    else if (det === 'des' && prep === 'de') det = 'de'
    else det = prep === 'de' && vowel(det) ? `d'${det}` : `${prep} ${det}`
  } else if (prep) det = `${prep} ${det}`
  return det.endsWith("'") ? `${det}${body}` : `${det} ${body}`
}

export const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`

/** The things of an act, each with its article; "de" and "à" are repeated before each. */
export const things = (a: ActArgs, c: Ctx, prep = '', fallback = '') =>
  a.objects.length
    ? list(
        a.objects.map((o, i) => phrase(o, c, i === 0 || prep === 'de' || prep === 'à' ? prep : '')),
      )
    : fallback

/** le, la, les as an object pronoun; l' before a vowel is the phrasebook's to write. */
export function pronoun(a: ActArgs): 'le' | 'la' | 'les' {
  if (a.objects.length > 1) return 'les'
  const np = a.objects[0]
  if (!np) return 'le'
  const { index } = agree(np)
  return index >= 2 ? 'les' : index === 1 ? 'la' : 'le'
}

/** "Je le" or "Je l'" before a verb that starts with a vowel. */
export const pronounBefore = (a: ActArgs, verb: string) => {
  const p = pronoun(a)
  return p !== 'les' && vowel(verb) ? `l'${verb}` : `${p} ${verb}`
}

export const plural = (a: ActArgs) => a.objects.length > 1 || a.objects.some((o) => agree(o).plural)
