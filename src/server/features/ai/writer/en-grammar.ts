/** English names for things, days and sums. */
import type { Amount, Day, Time, When } from './entities.js'
import type { NounPhrase } from './noun-phrases.js'

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

export function amount(a: Amount): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: a.currency,
    minimumFractionDigits: a.decimals ? 2 : 0,
  }).format(a.value)
}

function time(t: Time): string {
  if (t.hour === 12 && t.minute === 0) return 'noon'
  const hour = t.hour % 12 || 12
  return `${hour}${t.minute ? `:${String(t.minute).padStart(2, '0')}` : ''} ${t.hour < 12 ? 'am' : 'pm'}`
}

const PART = { morning: 'morning', afternoon: 'afternoon', evening: 'evening' }

/** The day on its own: "Friday", "next Tuesday", "15 March", "tomorrow". */
function day(d: Day): string {
  if (d.kind === 'weekday')
    return `${d.next ? 'next ' : ''}${WEEKDAYS[d.weekday]}${d.part ? ` ${PART[d.part]}` : ''}`
  if (d.kind === 'date') return `${d.day} ${MONTHS[d.month]}`
  const relative = {
    today: 'today',
    tomorrow: 'tomorrow',
    'this-week': 'this week',
    'next-week': 'next week',
    'end-of-week': 'the end of the week',
    'end-of-month': 'the end of the month',
    'next-month': 'next month',
  }[d.relative]
  if (d.part && d.relative === 'tomorrow') return `tomorrow ${PART[d.part]}`
  if (d.part && d.relative.endsWith('week')) return `one ${PART[d.part]} ${relative}`
  return relative
}

/** "by Friday", "before 15 March", "on Tuesday at 3 pm", "tomorrow". */
export function when(w: When): string {
  const at = w.time ? `at ${time(w.time)}` : ''
  if (!w.day) return at
  const d = day(w.day)
  let phrase: string
  if (w.relation === 'on') {
    const bare = w.day.kind === 'relative' || (w.day.kind === 'weekday' && w.day.next)
    phrase = bare
      ? w.day.kind === 'relative' && w.day.relative.startsWith('end')
        ? `at ${d}`
        : d
      : `on ${d}`
  } else phrase = `${w.relation} ${d}`
  return at ? `${phrase} ${at}` : phrase
}

/** The day and time as a subject of a sentence: "Thursday at 10 am works for me". */
export function whenBare(w: When): string {
  const d = w.day ? day(w.day) : ''
  const t = w.time ? time(w.time) : ''
  return [d, t && (d ? `at ${t}` : t)].filter(Boolean).join(' ')
}

export function phrase(np: NounPhrase, bare = false): string {
  const form = np.noun.forms.english
  const word = np.plural ? form.plural : form.word
  const adjs = np.adjs.map((a) => a.key)
  const own = np.keepUnknown ? np.unknown : []
  const head = [...adjs, ...own, np.qualifier, word].filter(Boolean).join(' ')
  const complement = np.complement
    ? ` ${np.complement.prep === 'about' ? 'on' : np.complement.prep} ${phrase(np.complement.np)}`
    : np.amount
      ? ` for ${amount(np.amount)}`
      : ''
  if (bare) return `${head}${complement}`
  const det = {
    the: 'the',
    a: np.plural || form.pl ? 'some' : /^[aeiou]/i.test(head) ? 'an' : 'a',
    my: 'my',
    our: 'our',
    your: 'your',
  }[np.det]
  return `${det} ${head}${complement}`
}

export const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
