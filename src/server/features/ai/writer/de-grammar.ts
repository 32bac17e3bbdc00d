/** German names for things, days and sums: the three cases, adjective endings, zum/zur/beim. */
import type { ActArgs, Ctx } from './acts.js'
import type { Amount, Day, Time, When } from './entities.js'
import type { NounPhrase } from './noun-phrases.js'

const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']
export const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
]
const PART = { morning: 'vormittag', afternoon: 'nachmittag', evening: 'abend' }

export type Case = 'nom' | 'acc' | 'dat'

export function amount(a: Amount): string {
  return new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: a.currency,
    minimumFractionDigits: a.decimals ? 2 : 0,
  }).format(a.value)
}

/** "um 15:00 Uhr", as German business mail writes a time. */
const time = (t: Time) => `um ${t.hour}:${String(t.minute).padStart(2, '0')} Uhr`

/**
 * How a day is said after a preposition or on its own: "on" takes "am Freitag", a bare day is
 * "Freitag", "by" is "bis Freitag" but "bis zum 15. März".
 */
function day(d: Day): { on: string; bare: string; by: string; before: string; from: string } {
  if (d.kind === 'weekday') {
    const name = `${WEEKDAYS[d.weekday]}${d.part ? PART[d.part] : ''}`
    if (d.next) {
      const next = `nächsten ${name}`
      return {
        on: next,
        bare: next,
        by: `bis ${next}`,
        before: `vor ${next.replace('nächsten', 'nächstem')}`,
        from: `ab ${next}`,
      }
    }
    return {
      on: `am ${name}`,
      bare: name,
      by: `bis ${name}`,
      before: `vor ${name}`,
      from: `ab ${name}`,
    }
  }
  if (d.kind === 'date') {
    const date = `${d.day}. ${MONTHS[d.month]}`
    return {
      on: `am ${date}`,
      bare: `der ${date}`,
      by: `bis zum ${date}`,
      before: `vor dem ${date}`,
      from: `ab dem ${date}`,
    }
  }
  const table: Record<typeof d.relative, [string, string, string, string]> = {
    today: ['heute', 'noch heute', 'bis heute Abend', 'ab heute'],
    tomorrow: [
      d.part ? `morgen ${PART[d.part][0]!.toUpperCase()}${PART[d.part].slice(1)}` : 'morgen',
      'bis morgen',
      'bis morgen früh',
      'ab morgen',
    ],
    'this-week': ['diese Woche', 'bis Ende der Woche', 'vor Ende der Woche', 'ab dieser Woche'],
    'next-week': ['nächste Woche', 'bis nächste Woche', 'vor nächster Woche', 'ab nächster Woche'],
    'end-of-week': [
      'Ende der Woche',
      'bis Ende der Woche',
      'vor Ende der Woche',
      'ab Ende der Woche',
    ],
    'end-of-month': [
      'Ende des Monats',
      'bis Ende des Monats',
      'vor Monatsende',
      'ab Ende des Monats',
    ],
    'next-month': [
      'nächsten Monat',
      'bis nächsten Monat',
      'vor nächstem Monat',
      'ab nächstem Monat',
    ],
  }
  const [on, by, before, from] = table[d.relative]
  if (d.part && d.relative.endsWith('week')) {
    const some = `an einem ${d.part === 'morning' ? 'Vormittag' : d.part === 'afternoon' ? 'Nachmittag' : 'Abend'} ${on}`
    return { on: some, bare: some, by, before, from }
  }
  return { on, bare: on, by, before, from }
}

/** "bis Freitag", "vor dem 15. März", "am Dienstag um 15 Uhr", "nächste Woche". */
export function when(w: When): string {
  const at = w.time ? time(w.time) : ''
  if (!w.day) return at
  const d = day(w.day)
  const phrase = { by: d.by, before: d.before, after: d.from, on: d.on }[w.relation]
  return at ? `${phrase} ${at}` : phrase
}

/** The day and time as the subject of a sentence: "Donnerstag um 10 Uhr passt mir". */
export function whenBare(w: When): string {
  return [w.day ? day(w.day).bare : '', w.time ? time(w.time) : ''].filter(Boolean).join(' ')
}

const DEFINITE = {
  m: { nom: 'der', acc: 'den', dat: 'dem' },
  f: { nom: 'die', acc: 'die', dat: 'der' },
  n: { nom: 'das', acc: 'das', dat: 'dem' },
  pl: { nom: 'die', acc: 'die', dat: 'den' },
}
/** Endings of ein, mein, unser, Ihr, dein. */
const EIN_ENDING = {
  m: { nom: '', acc: 'en', dat: 'em' },
  f: { nom: 'e', acc: 'e', dat: 'er' },
  n: { nom: '', acc: '', dat: 'em' },
  pl: { nom: 'e', acc: 'e', dat: 'en' },
}
/** Adjective endings after der/die/das (weak) and after ein-words (mixed). */
const WEAK = {
  m: { nom: 'e', acc: 'en', dat: 'en' },
  f: { nom: 'e', acc: 'e', dat: 'en' },
  n: { nom: 'e', acc: 'e', dat: 'en' },
  pl: { nom: 'en', acc: 'en', dat: 'en' },
}
const MIXED = {
  m: { nom: 'er', acc: 'en', dat: 'en' },
  f: { nom: 'e', acc: 'e', dat: 'en' },
  n: { nom: 'es', acc: 'es', dat: 'en' },
  pl: { nom: 'e', acc: 'e', dat: 'en' },
}

type Slot = keyof typeof DEFINITE

function slot(np: NounPhrase): Slot {
  const form = np.noun.forms.german
  return np.plural || form.pl ? 'pl' : form.g
}

const COMPLEMENT = {
  with: ['bei', 'dat'],
  for: ['für', 'acc'],
  about: ['zu', 'dat'],
  of: ['von', 'dat'],
  to: ['zu', 'dat'],
} as const

/** The noun and what follows it: "Q3-Bericht", "Rechnung über 2.400 €", "Hilfe beim Launch". */
function head(np: NounPhrase, c: Ctx, kase: Case, s: Slot): string {
  const form = np.noun.forms.german
  let word = s === 'pl' ? form.plural : form.word
  if (s === 'pl' && kase === 'dat' && !/[ns]$/.test(word)) word += 'n'
  if (np.qualifier) word = `${np.qualifier}-${word}`
  const rest = np.complement
    ? ` ${phrase(np.complement.np, c, COMPLEMENT[np.complement.prep][1], COMPLEMENT[np.complement.prep][0])}`
    : np.amount
      ? ` über ${amount(np.amount)}`
      : ''
  return `${word}${rest}`
}

/** Without an article (a subject line): "Unterschriebener Vertrag", "Q3-Bericht". */
export function bare(np: NounPhrase, c: Ctx): string {
  const s = slot(np)
  const strong = { m: 'er', f: 'e', n: 'es', pl: 'e' }[s]
  const adjs = np.adjs.map((a) => `${a.de}${strong}`)
  return [...adjs, head(np, c, 'nom', s)].join(' ')
}

const CONTRACTIONS: Record<string, string> = {
  'zu dem': 'zum',
  'zu der': 'zur',
  'bei dem': 'beim',
  'von dem': 'vom',
  'an dem': 'am',
  'in dem': 'im',
}

/** The phrase in a case, after a preposition if given: "den Bericht", "zur Rechnung", "Ihre Hilfe". */
export function phrase(np: NounPhrase, c: Ctx, kase: Case, prep = ''): string {
  const s = slot(np)
  let det: string
  let endings = MIXED
  switch (np.det) {
    case 'the':
      det = DEFINITE[s][kase]
      endings = WEAK
      break
    case 'a':
      det = s === 'pl' ? '' : `ein${EIN_ENDING[s][kase]}`
      break
    case 'my':
      det = `mein${EIN_ENDING[s][kase]}`
      break
    case 'our':
      det = `unser${EIN_ENDING[s][kase]}`
      break
    case 'your':
      det = `${c.formal ? 'Ihr' : 'dein'}${EIN_ENDING[s][kase]}`
  }
  if (s === 'pl' && (np.det === 'my' || np.det === 'our' || np.det === 'your')) endings = WEAK
  const adjs = np.adjs.map(
    (a) =>
      `${a.de}${det ? endings[s][kase] : s === 'pl' ? (kase === 'dat' ? 'en' : 'e') : MIXED[s][kase]}`,
  )
  let words = [det, ...adjs, head(np, c, kase, s)].filter(Boolean).join(' ')
  if (prep) {
    const joined = `${prep} ${det}`
    words =
      CONTRACTIONS[joined] && det === words.split(' ')[0]
        ? `${CONTRACTIONS[joined]} ${words.slice(det.length + 1)}`
        : `${prep} ${words}`
  }
  return words
}

export const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items.at(-1)}`

/** The things of an act in a case, the preposition before the first: "zum Bericht und den Folien". */
export const things = (a: ActArgs, c: Ctx, kase: Case, prep = '', fallback = '') =>
  a.objects.length
    ? list(a.objects.map((o, i) => phrase(o, c, kase, i === 0 ? prep : '')))
    : fallback

/** ihn, sie, es: the things as an object pronoun (accusative). */
export function pronoun(a: ActArgs): string {
  if (a.objects.length > 1) return 'sie'
  const np = a.objects[0]
  if (!np) return 'es'
  return { m: 'ihn', f: 'sie', n: 'es', pl: 'sie' }[slot(np)]
}

export const plural = (a: ActArgs) =>
  a.objects.length > 1 || a.objects.some((o) => slot(o) === 'pl')
