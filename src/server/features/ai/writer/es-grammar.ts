/** Spanish names for things, days and sums: articles and contractions (del, al), agreement. */
import type { ActArgs, Ctx } from './acts.js'
import type { Amount, Day, Time, When } from './entities.js'
import type { NounPhrase } from './noun-phrases.js'

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']
export const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
]
const PART = { morning: 'por la mañana', afternoon: 'por la tarde', evening: 'por la noche' }

export function amount(a: Amount): string {
  return new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: a.currency,
    minimumFractionDigits: a.decimals ? 2 : 0,
  }).format(a.value)
}

function time(t: Time): string {
  const hhmm = `${t.hour}:${String(t.minute).padStart(2, '0')}`
  return t.hour === 1 ? `a la ${hhmm}` : `a las ${hhmm}`
}

/** The day with its article, as it stands after "el"-less prepositions: "el viernes", "mañana". */
function day(d: Day): { text: string; article: boolean } {
  if (d.kind === 'weekday') {
    const name = WEEKDAYS[d.weekday]!
    const part = d.part ? ` ${PART[d.part]}` : ''
    return { text: d.next ? `el próximo ${name}${part}` : `el ${name}${part}`, article: true }
  }
  // "el día 15 de marzo": the day named as Spanish letters name it.
  if (d.kind === 'date') return { text: `el día ${d.day} de ${MONTHS[d.month]}`, article: true }
  if (d.part && (d.relative === 'next-week' || d.relative === 'this-week'))
    return {
      text: `alguna ${d.part === 'morning' ? 'mañana' : 'tarde'} de ${d.relative === 'next-week' ? 'la próxima semana' : 'esta semana'}`,
      article: false,
    }
  const text = {
    today: 'hoy',
    tomorrow: d.part ? `mañana ${PART[d.part]}` : 'mañana',
    'this-week': 'esta semana',
    'next-week': 'la próxima semana',
    'end-of-week': 'finales de semana',
    'end-of-month': 'finales de mes',
    'next-month': 'el mes que viene',
  }[d.relative]
  return { text, article: false }
}

/** "de" or "a" before a day: "del viernes", "de mañana", "al lunes". */
const contract = (prep: 'de' | 'a', text: string) =>
  text.startsWith('el ') ? `${prep === 'de' ? 'del' : 'al'} ${text.slice(3)}` : `${prep} ${text}`

/** "para el viernes", "antes del 15 de marzo", "el martes a las 15:00", "a finales de semana". */
export function when(w: When): string {
  const at = w.time ? time(w.time) : ''
  if (!w.day) return at
  const { text } = day(w.day)
  const ends = w.day.kind === 'relative' && w.day.relative.startsWith('end')
  const today = w.day.kind === 'relative' && w.day.relative === 'today'
  let phrase: string
  switch (w.relation) {
    case 'by':
      phrase = today ? 'hoy mismo' : `para ${text}`
      break
    case 'before':
      phrase =
        ends || today || text === 'esta semana'
          ? {
              'end-of-week': 'antes de que acabe la semana',
              'this-week': 'antes de que acabe la semana',
              'end-of-month': 'antes de fin de mes',
              today: 'antes de que acabe el día',
            }[(w.day as { relative: string }).relative]!
          : contract('de', text).replace(/^de /, 'antes de ').replace(/^del /, 'antes del ')
      break
    case 'after':
      phrase = contract('de', text)
        .replace(/^de /, 'a partir de ')
        .replace(/^del /, 'a partir del ')
      break
    default:
      phrase = ends ? `a ${text}` : text
  }
  return at ? `${phrase} ${at}` : phrase
}

/** "al jueves", "a la próxima semana": where a meeting is moved to. */
export const toDay = (w: When) => contract('a', whenBare(w))

/** The time before the day: "a las 10:00 del jueves", a second way to say it. */
export function timeFirst(w: When): string {
  if (!w.time || !w.day) return whenBare(w)
  return `${time(w.time)} ${contract('de', day(w.day).text)}`
}

/** The day and time as the subject of a sentence: "El jueves a las 10:00 me viene bien". */
export function whenBare(w: When): string {
  const d = w.day ? day(w.day).text : ''
  const t = w.time ? time(w.time) : ''
  return [d, t].filter(Boolean).join(' ')
}

const PREPOSITION = { with: 'con', for: 'para', about: 'sobre', of: 'de', to: 'a' } as const

function agree(np: NounPhrase) {
  const form = np.noun.forms.spanish
  const plural = np.plural || form.pl
  return { form, plural, index: (form.g === 'f' ? 1 : 0) + (plural ? 2 : 0) }
}

function determiner(np: NounPhrase, c: Ctx): string {
  const { form, plural, index } = agree(np)
  // "el acta": a feminine noun that starts with a stressed a takes "el" in the singular.
  const stressedA = !plural && /^h?á|^acta$|^agua$/.test(form.word)
  switch (np.det) {
    case 'the':
      return stressedA ? 'el' : ['el', 'la', 'los', 'las'][index]!
    case 'a':
      return stressedA ? 'un' : ['un', 'una', 'unos', 'unas'][index]!
    case 'my':
      return plural ? 'mis' : 'mi'
    case 'our':
      return ['nuestro', 'nuestra', 'nuestros', 'nuestras'][index]!
    case 'your':
      return c.formal ? (plural ? 'sus' : 'su') : plural ? 'tus' : 'tu'
  }
}

/** The phrase without its article: "informe Q3 firmado", "factura de 2400 €". */
export function bare(np: NounPhrase, c: Ctx): string {
  const { form, plural, index } = agree(np)
  const pre = np.adjs.filter((a) => a.pre.es).map((a) => a.es[index])
  const post = np.adjs.filter((a) => !a.pre.es).map((a) => a.es[index])
  const core = [...pre, plural ? form.plural : form.word, np.qualifier, ...post]
    .filter(Boolean)
    .join(' ')
  const rest = np.complement
    ? ` ${phrase(np.complement.np, c, PREPOSITION[np.complement.prep])}`
    : np.amount
      ? ` de ${amount(np.amount)}`
      : ''
  return `${core}${rest}`
}

/** The phrase with its article and a preposition, contracted: "del informe", "al congreso". */
export function phrase(np: NounPhrase, c: Ctx, prep = ''): string {
  const det = determiner(np, c)
  const body = `${det} ${bare(np, c)}`
  if (det === 'el' && (prep === 'de' || prep === 'a')) return `${prep}l ${body.slice(3)}`
  return prep ? `${prep} ${body}` : body
}

export const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${/^h?i/i.test(items.at(-1)!) ? 'e' : 'y'} ${items.at(-1)}`

/** The things of an act, each with its article and the preposition before the first. */
export const things = (a: ActArgs, c: Ctx, prep = '', fallback = '') =>
  a.objects.length
    ? list(
        a.objects.map((o, i) =>
          phrase(o, c, i === 0 ? prep : prep === 'de' || prep === 'a' ? prep : ''),
        ),
      )
    : fallback

/** lo, la, los, las: the things as an object pronoun. */
export function pronoun(a: ActArgs): string {
  if (a.objects.length > 1) return 'los'
  const np = a.objects[0]
  if (!np) return 'lo'
  const { index } = agree(np)
  return ['lo', 'la', 'los', 'las'][index]!
}

/** "ha llegado" or "han llegado", for the things as the subject. */
export const plural = (a: ActArgs) => a.objects.length > 1 || a.objects.some((o) => agree(o).plural)
