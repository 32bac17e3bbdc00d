/**
 * A draft's greeting line: the contact's saved greeting and saved name put together as a
 * native writer would, the person named once. A few rules, for titles at the start of the
 * name ("Dr. Katrin Schmidt") and at the end of the greeting ("Sehr geehrte Frau", "Dear Ms"):
 *
 *   "Sehr geehrte"  + "Dr. Katrin Schmidt" → "Sehr geehrte Frau Dr. Schmidt,"
 *   "Sehr geehrter" + "Dr. Thomas Schmidt" → "Sehr geehrter Herr Dr. Schmidt,"
 *   "Dear Ms"       + "Dr. Jane Doe"       → "Dear Dr. Doe,"   (the title replaces Ms)
 *   "Estimada"      + "Dra. Ana García"    → "Estimada Dra. García:" (formal Spanish: a colon)
 *   "Madame"        + "Claire Dupont"      → "Madame,"         (no name after a bare Madame)
 *   "Hi"            + "Dr. Jane Doe"       → "Hi Jane,"        (informal: the first name)
 *   "Estimada Aisha" + "Aisha Rahman"     → "Estimada Aisha:" (already named: kept)
 *
 * The surname is the name's last word, as it always was here: a Spanish double surname
 * ("Ana García López") is not told from a middle name. The line ends with the mark its
 * language puts there (the phrasebook's `letter.greetingMark`): a comma, or a colon in formal
 * Spanish; German goes on in lower case after the comma (`bodyAfterGreeting`).
 */
import type { Formality } from '../prompt.js'
import { normalise, oneLine } from './text.js'

/** Words of address said before a surname: "Ms Rahman", "Frau Schmidt", "Sra. García". */
const COURTESY =
  /^(?:mr|mrs|ms|miss|mx|herr|frau|se[ñn]ora?|sr|sra|srta|monsieur|madame|mademoiselle|mme|mlle|m)\.?$/iu
/** The German ones: a greeting with one of them follows German rules ("Hallo Frau Dr. Schmidt"). */
const GERMAN_COURTESY = /^(?:herr|frau)$/i
/** The French ones: they never take an academic title ("Chère Madame Dupont"). */
const FRENCH_COURTESY = /^(?:monsieur|madame|mademoiselle|mme|mlle|m)\.?$/i
/** Spanish "don" and "doña" go with the first name: "Estimado don Juan". */
const GIVEN_NAME_COURTESY = /^(?:don|doña|dña)\.?$/iu
/** Academic titles, said before the surname: "Dr.", "Dra.", "Prof.", "Dr.-Ing." (said "Dr."). */
const ACADEMIC =
  /^(?:dr|dra|prof|profa|professor|professora|doctor|doctora|docteur|docteure|pr)\.?$|^dr\.-\p{L}+\.?$/iu
/**
 * What a name's title may hold that a greeting leaves out (DIN 5008 for German letters): a
 * diploma ("Dipl.-Ing.") and a doctorate's faculty ("Dr. med. Katrin Schmidt" is greeted
 * "Frau Dr. Schmidt").
 */
const UNSAID = /^(?:dipl\.-[\p{L}.-]+|(?:med|rer|nat|phil|jur|oec|habil|dent|vet|h\.c)\.)$/iu

/**
 * Greetings that address no one by name, whatever name is saved: French "Madame," and
 * "Madame, Monsieur,", Spanish "Muy señora mía:", "Sehr geehrte Damen und Herren,",
 * "To whom it may concern:", "Dear Sir or Madam,".
 */
const CIVILITY = '(?:madame|monsieur|mademoiselle|mesdames|messieurs)'
const NAMELESS = new RegExp(
  [
    `${CIVILITY}(?:[\\s,/]+(?:et\\s+)?${CIVILITY})*`,
    'muy\\s+se[ñn]or(?:a|es|as)?\\s+m[ií][oa]s?',
    'sehr\\s+geehrte\\s+damen\\s+und\\s+herren',
    'to\\s+whom\\s+it\\s+may\\s+concern',
    'dear\\s+(?:sir(?:\\s+or\\s+madam|\\s*/\\s*madam)?|madam)',
  ]
    .map((p) => `^${p}$`)
    .join('|'),
  'iu',
)

/**
 * A German greeting whose adjective agrees with Frau or Herr: "Sehr geehrte Frau",
 * "Sehr geehrter Herr", "Liebe Frau", "Werter Herr". "Liebe" alone is also the informal
 * "Liebe Katrin", so it follows German rules only for a formal contact.
 */
const GERMAN_ADJECTIVE = /^((?:sehr\s+)?geehrte|werte|liebe)r?$/i
const FORMAL_ONLY_ADJECTIVE = /^(?:sehr\s+)?geehrter?$|^werter?$/i
/**
 * German openings that name no Frau or Herr: a title cannot stand alone before the surname
 * there ("Guten Tag Dr. Schmidt" reads clipped), so the whole name follows, as in the
 * gender-neutral "Guten Tag Dr. Katrin Schmidt".
 */
const GERMAN_OPENING =
  /^(?:guten\s+(?:tag|morgen|abend)|hallo|moin|servus|gr[üu](?:ß|ss)\s+gott)$/iu

/**
 * Spanish greetings of the time of day set the name off with a comma: "Buenos días, Lucía:"
 * ("Hola Ana," is kept as e-mail writes it).
 */
const VOCATIVE_COMMA = /^buen[oa]s\s+(?:d[ií]as|tardes|noches)$/iu

const isTitle = (word: string) =>
  COURTESY.test(word) || GIVEN_NAME_COURTESY.test(word) || ACADEMIC.test(word)
/** "Dr." and "Dr" are one title: compared without case, accents or full stop. */
const sameTitle = (a: string) => (b: string) =>
  normalise(a).replace(/\.$/, '') === normalise(b).replace(/\.$/, '')

/** The saved greeting, its closing punctuation off, split into its opening and its titles. */
function readGreeting(greeting: string) {
  let text = oneLine(greeting).replace(/[\s,;:!]+$/, '')
  // A title's full stop stays ("Sehr geehrte Frau Dr."); any other closing one goes.
  if (!isTitle(text.split(' ').at(-1) ?? '')) text = text.replace(/[\s,;:.!]+$/, '')
  text ||= 'Hello'
  const words = text.split(' ')
  const tail: string[] = []
  while (words.length && isTitle(words.at(-1)!)) tail.unshift(words.pop()!)
  return {
    text,
    /** What comes before the titles: "Sehr geehrte" of "Sehr geehrte Frau Dr.". */
    head: words.join(' '),
    courtesy: tail.find((w) => COURTESY.test(w)) ?? null,
    titles: tail.filter((w) => ACADEMIC.test(w)),
    givenNameCourtesy: tail.some((w) => GIVEN_NAME_COURTESY.test(w)),
  }
}

/** The saved name with the titles at its start taken off: "Frau Dr. med. Katrin Schmidt". */
function readName(name: string | null) {
  const words = oneLine(name ?? '')
    .split(' ')
    .filter(Boolean)
  let courtesy: string | null = null
  const titles: string[] = []
  // One word always stays a name: "Dr. Schmidt" is greeted as Schmidt.
  while (words.length > 1) {
    const word = words[0]!
    if (ACADEMIC.test(word)) titles.push(word.replace(/^(dr)\.-\p{L}+\.?$/iu, '$1.'))
    else if (COURTESY.test(word)) courtesy ??= word
    else if (!UNSAID.test(word) && !GIVEN_NAME_COURTESY.test(word)) break
    words.shift()
  }
  return { courtesy, titles, words }
}

/** The greeting line for a contact, ending in `mark`: a comma, or a colon ("Estimada Dra. García:"). */
export function greetingLine(
  greeting: string,
  name: string | null,
  formality: Formality,
  mark: ',' | ':' = ',',
): string {
  const g = readGreeting(greeting)
  const person = readName(name)
  const line = (...words: (string | null)[]) => {
    const [opening = '', ...rest] = words.filter(Boolean) as string[]
    const comma = rest.length && VOCATIVE_COMMA.test(opening) ? ',' : ''
    return `${[opening + comma, ...rest].join(' ')}${mark}`
  }
  if (!person.words.length || NAMELESS.test(g.text)) return line(g.text)
  // A greeting that already holds the name is kept as it is ("Estimada Aisha").
  const said = normalise(g.text).split(/[\s,]+/)
  if (person.words.some((w) => said.includes(normalise(w)))) return line(g.text)

  const given = person.words[0]!
  const surname = person.words.at(-1)!
  const formal = formality === 'formal'
  if (g.givenNameCourtesy) return line(g.text, given)
  // The greeting's titles as typed, then the name's it does not already say.
  const titles = [...g.titles, ...person.titles.filter((t) => !g.titles.some(sameTitle(t)))]
  const courtesy = g.courtesy ?? (formal ? person.courtesy : null)

  // German: Frau or Herr, the academic titles, the surname ("Sehr geehrte Frau Dr. Schmidt").
  // Without either in the greeting or the name, the adjective tells which: geehrte/geehrter.
  const adjective = GERMAN_ADJECTIVE.exec(g.head)
  const germanAdjective = adjective && (formal || FORMAL_ONLY_ADJECTIVE.test(g.head))
  if (germanAdjective || (courtesy && GERMAN_COURTESY.test(courtesy))) {
    const herr = courtesy ? /^herr$/i.test(courtesy) : g.head.endsWith('r')
    // The adjective agrees with Frau or Herr: a saved "Frau" wins over "Sehr geehrter".
    const head = adjective ? `${adjective[1]}${herr ? 'r' : ''}` : g.head
    return line(head, courtesy ?? (herr ? 'Herr' : 'Frau'), ...titles, surname)
  }
  // Informal, and nothing in the greeting asks for a surname: the first name ("Hi Jane").
  if (!formal && !g.courtesy && !g.titles.length) return line(g.text, given)
  // Nothing titled anywhere: the whole name, formal ("Dear Grace Hopper") as before.
  if (!courtesy && !titles.length) return line(g.text, person.words.join(' '))
  // "Guten Tag Dr. Katrin Schmidt": no Frau or Herr to put before a German title and surname.
  if (!courtesy && GERMAN_OPENING.test(g.head)) return line(g.head, ...titles, ...person.words)
  // French Madame and Monsieur keep their place and take no academic title.
  if (courtesy && FRENCH_COURTESY.test(courtesy)) return line(g.head, courtesy, surname)
  // Elsewhere an academic title replaces Ms, Mr, Sra. ("Dear Dr. Doe", "Estimada Dra. García").
  return line(g.head, ...(titles.length ? titles : [courtesy]), surname)
}

/**
 * The body as it goes on after the greeting line: where the language writes on in lower case
 * after a greeting ending in a comma (German), the first word loses its capital when it is one
 * of the phrasebook's listed non-nouns ("ich komme…", "vielen Dank…"); a noun and the polite
 * Sie, Ihnen, Ihr are never listed and keep theirs. Elsewhere the body is left as it is.
 */
export function bodyAfterGreeting(
  body: string,
  greeting: string,
  lowerAfterComma: ReadonlySet<string> | undefined,
): string {
  if (!lowerAfterComma || !greeting.trimEnd().endsWith(',')) return body
  const word = /^\p{Lu}\p{L}*(?!\p{L})/u.exec(body)?.[0]
  return word && lowerAfterComma.has(word.toLowerCase())
    ? body.charAt(0).toLowerCase() + body.slice(1)
    : body
}
