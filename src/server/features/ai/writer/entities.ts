/**
 * The dates, weekdays, times and amounts in a request or a mail, read in English, Spanish,
 * French and German into values a phrasebook can say again in any of the four: "by Friday",
 * "para el viernes", "d'ici vendredi" and "bis Freitag" all read as { by, Friday }.
 */
import { type Clause, words } from './text.js'

export type Relative =
  'today' | 'tomorrow' | 'this-week' | 'next-week' | 'end-of-week' | 'end-of-month' | 'next-month'
export type DayPart = 'morning' | 'afternoon' | 'evening'

export type Day =
  /** Monday is 0. */
  | { kind: 'weekday'; weekday: number; next: boolean; part: DayPart | null }
  /** Month is 0 for January. */
  | { kind: 'date'; day: number; month: number }
  | { kind: 'relative'; relative: Relative; part: DayPart | null }

export type Time = { hour: number; minute: number }

/** When something happens or is due: "by Friday", "on Tuesday at 3 pm", "before 15 March". */
export type When = {
  relation: 'by' | 'before' | 'on' | 'after'
  day: Day | null
  time: Time | null
}

export type Currency = 'EUR' | 'USD' | 'GBP' | 'CHF'
export type Amount = { value: number; decimals: number; currency: Currency }

const WEEKDAYS = [
  'monday|montag|lunes|lundi',
  'tuesday|tues|dienstag|martes|mardi',
  'wednesday|mittwoch|miercoles|mercredi',
  'thursday|thurs|donnerstag|jueves|jeudi',
  'friday|freitag|viernes|vendredi',
  'saturday|samstag|sonnabend|sabado|samedi',
  'sunday|sonntag|domingo|dimanche',
]
const MONTHS = [
  'january|jan|enero|janvier|januar',
  'february|feb|febrero|fevrier|februar',
  'march|marzo|mars|marz|maerz',
  'april|apr|abril|avril',
  'may|mayo|mai',
  'june|junio|juin|juni',
  'july|julio|juillet|juli',
  'august|aug|agosto|aout',
  'september|sept|sep|septiembre|setiembre|septembre',
  'october|oct|octubre|octobre|oktober|okt',
  'november|nov|noviembre|novembre',
  'december|dec|diciembre|decembre|dezember|dez',
]
const indexIn = (table: string[], word: string) =>
  table.findIndex((names) => names.split('|').includes(word))

const WEEKDAY = WEEKDAYS.join('|')
const MONTH = MONTHS.join('|')
const PART_AFTER =
  '(?: (?:in the |por la |en la |am )?(morning|afternoon|evening|manana|tarde|noche|matin|apres-midi|soir|vormittag|nachmittag|abend))?'
const GERMAN_PART = '(vormittag|nachmittag|morgen|abend)?'

const PARTS: Record<string, DayPart> = {
  morning: 'morning',
  manana: 'morning',
  matin: 'morning',
  vormittag: 'morning',
  morgen: 'morning',
  afternoon: 'afternoon',
  tarde: 'afternoon',
  'apres-midi': 'afternoon',
  nachmittag: 'afternoon',
  evening: 'evening',
  noche: 'evening',
  soir: 'evening',
  abend: 'evening',
}

/** The words before a day that say how it is meant: by it, before it, on it, after it. */
const RELATIONS: [When['relation'], string][] = [
  [
    'by',
    "by|no later than|not later than|until|till|para(?: el| la)?|hasta(?: el| la)?|a mas tardar(?: el)?|d' ici(?: a| le| la)?|pour(?: le| la)?|jusqu' ?a|au plus tard(?: le)?|bis(?: zum| zur| spatestens)?|spatestens(?: am| bis)?",
  ],
  ['before', 'before|antes de(?:l| la| el)?|avant(?: le| la)?|vor(?: dem| der)?'],
  ['after', 'after|despues de(?:l| la| el)?|apres(?: le| la)?|nach(?: dem| der)?'],
  ['on', 'on|at|this|el|la|le|ce|am|an|diesen|este|esta|cette|for'],
]

export type Found<T> = { value: T; first: number; last: number }

function findDay(clause: Clause): Found<Day> | null {
  const candidates: Found<Day>[] = []
  const weekday = words(
    `(next |el proximo |proximo |nachsten |kommenden |nachster )?(${WEEKDAY})${GERMAN_PART}( prochain| que viene)?${PART_AFTER}`,
  )
  for (const { first, last, match } of clause.find(weekday)) {
    const part = PARTS[match[3] ?? match[5] ?? ''] ?? null
    candidates.push({
      value: {
        kind: 'weekday',
        weekday: indexIn(WEEKDAYS, match[2]!),
        next: Boolean(match[1] || match[4]),
        part,
      },
      first,
      last,
    })
  }
  const date = words(
    `(\\d{1,2})\\.?(?: ?(?:st|nd|rd|th|er))?(?: of| de)? (${MONTH})|(${MONTH}) (\\d{1,2})(?: ?(?:st|nd|rd|th))?`,
  )
  for (const { first, last, match } of clause.find(date)) {
    const day = Number(match[1] ?? match[4])
    const month = indexIn(MONTHS, match[2] ?? match[3]!)
    if (day >= 1 && day <= 31 && month >= 0)
      candidates.push({ value: { kind: 'date', day, month }, first, last })
  }
  const relatives: [Relative, string][] = [
    [
      'end-of-week',
      '(?:the )?end of (?:the |this )?week|(?:el )?(?:final|fin) de (?:la |esta )?semana|finales de (?:la )?semana|(?:la )?fin de (?:la |cette )?semaine|ende (?:der|dieser) woche',
    ],
    [
      'end-of-month',
      '(?:the )?end of (?:the |this )?month|(?:el )?(?:final|fin) de(?:l)? mes|finales de(?:l)? mes|(?:la )?fin du mois|fin de mois|ende des monats|monatsende',
    ],
    [
      'next-week',
      'next week|(?:la )?(?:proxima|siguiente) semana|(?:la )?semana que viene|(?:la )?semaine prochaine|(?:in der )?(?:nachsten|kommenden) woche|nachste woche|kommende woche',
    ],
    [
      'next-month',
      'next month|(?:el )?(?:proximo mes|mes que viene)|(?:le )?mois prochain|(?:im )?nachsten monat|nachster monat',
    ],
    ['this-week', 'this week|esta semana|cette semaine|diese woche|in dieser woche'],
    ['today', "today|tonight|hoy|aujourd' ?hui|ce soir|heute"],
    [
      'tomorrow',
      'tomorrow|demain|(?<!la |por la |esta |cada |toda la )manana|(?<!am |guten |jeden |den |heute )morgen',
    ],
  ]
  for (const [relative, pattern] of relatives) {
    for (const { first, last, match } of clause.find(words(`(?:${pattern})${PART_AFTER}`))) {
      const part = PARTS[match[1] ?? ''] ?? null
      candidates.push({ value: { kind: 'relative', relative, part }, first, last })
    }
  }
  candidates.sort((a, b) => a.first - b.first || b.last - a.last)
  return candidates[0] ?? null
}

function findTime(clause: Clause): Found<Time> | null {
  const patterns: [RegExp, (m: RegExpExecArray) => Time | null][] = [
    [
      words('(?:at |a las |a la |um |a )?(\\d{1,2})(?::(\\d{2}))? ?(am|pm|a\\.m\\.|p\\.m\\.)'),
      (m) => {
        let hour = Number(m[1]) % 12
        if (m[3]!.startsWith('p')) hour += 12
        return { hour, minute: Number(m[2] ?? 0) }
      },
    ],
    [
      words('(?:at |a las |a la |um |a )?(\\d{1,2})(?:[:h.]| h )(\\d{2})(?: ?(?:uhr|h))?'),
      (m) => ({ hour: Number(m[1]), minute: Number(m[2]) }),
    ],
    [
      words('(?:a |vers )?(\\d{1,2}) ?h|(?:um |gegen )?(\\d{1,2}) uhr'),
      (m) => ({ hour: Number(m[1] ?? m[2]), minute: 0 }),
    ],
    [
      words('a las (\\d{1,2})(?: de la (manana|tarde|noche))?'),
      (m) => {
        const hour = Number(m[1])
        return { hour: m[2] && m[2] !== 'manana' && hour < 12 ? hour + 12 : hour, minute: 0 }
      },
    ],
    // "at 3" in working hours: 1 to 7 are afternoon hours, 8 to 12 morning ones.
    [
      words('(?:at|um|a las|a) (\\d{1,2})(?! ?(?:%|€|\\$|de|of|people|personas))'),
      (m) => {
        const hour = Number(m[1])
        return { hour: hour >= 1 && hour <= 7 ? hour + 12 : hour, minute: 0 }
      },
    ],
    [words('noon|midday|mediodia|midi|mittag'), () => ({ hour: 12, minute: 0 })],
  ]
  for (const [pattern, read] of patterns) {
    for (const { first, last, match } of clause.find(pattern)) {
      const time = read(match)
      if (time && time.hour <= 23 && time.minute <= 59) return { value: time, first, last }
    }
  }
  return null
}

/** The first day and time of the clause, with the word before the day that says how it is meant. */
export function findWhen(clause: Clause): When | null {
  const day = findDay(clause)
  if (day) clause.use(day.first, day.last)
  const time = findTime(clause)
  if (time) clause.use(time.first, time.last)
  if (!day && !time) return null
  let relation: When['relation'] = 'on'
  if (day) {
    const before = clause.text.slice(0, offsetOf(clause, day.first)).trimEnd()
    for (const [name, words] of RELATIONS) {
      const match = new RegExp(`(?<![\\p{L}\\p{N}'])(?:${words})$`, 'u').exec(before)
      if (match) {
        relation = name
        const count = match[0].split(' ').length
        const from = day.first - count
        if (from >= 0 && !clause.used.slice(from, day.first).some(Boolean))
          clause.use(from, day.first - 1)
        break
      }
    }
  }
  return { relation, day: day?.value ?? null, time: time?.value ?? null }
}

function offsetOf(clause: Clause, index: number): number {
  return clause.tokens.slice(0, index).reduce((sum, t) => sum + t.norm.length + 1, 0)
}

const CURRENCY_WORDS: [Currency, string][] = [
  ['EUR', '€|eur|euros?'],
  ['USD', '\\$|usd|dollars?|dolares'],
  ['GBP', '£|gbp|pounds?|libras?'],
  ['CHF', 'chf|francs? suisses?|franken'],
]
const currencyOf = (word: string): Currency | null =>
  CURRENCY_WORDS.find(([, pattern]) => new RegExp(`^(?:${pattern})$`).test(word))?.[0] ?? null

/** "€2,400", "2.400 €", "2 400 euros", "USD 1,500.50": the number and its currency. */
export function findAmount(clause: Clause): Found<Amount> | null {
  const currency = CURRENCY_WORDS.map(([, p]) => p).join('|')
  const number = '\\d+(?:[.,\\u00a0\\u202f ]\\d{3})*(?:[.,]\\d{1,2})?'
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:(${currency}) ?(${number})|(${number}) ?(${currency}))(?![\\p{L}\\p{N}])`,
    'u',
  )
  const [found] = clause.find(pattern)
  if (!found) return null
  const { match } = found
  const code = currencyOf(match[1] ?? match[4]!)
  const parsed = parseNumber(match[2] ?? match[3]!)
  if (!code || !parsed) return null
  clause.use(found.first, found.last)
  return { value: { ...parsed, currency: code }, first: found.first, last: found.last }
}

/** "2,400" and "2.400" are thousands; "2,40" and "2.40" are decimals. */
function parseNumber(text: string): { value: number; decimals: number } | null {
  const decimal = /[.,](\d{1,2})$/.exec(text)
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,\s\u00a0\u202f]/g, '')
  const value = Number(`${whole}.${decimal?.[1] ?? '0'}`)
  return Number.isFinite(value) ? { value, decimals: decimal?.[1]?.length ?? 0 } : null
}

/** Codes that read the same in every language: "Q3", "2025", "FY26", "INV-2041", "#118". */
export const QUALIFIER =
  /^(?:q[1-4]|h[12]|(?:19|20)\d{2}|fy\d{2,4}|#?\d{2,}|[a-z]{1,5}-?\d+[a-z0-9-]*)$/i
