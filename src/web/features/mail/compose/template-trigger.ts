/**
 * The Templates picker's text work (decision 051), kept apart from React so it is tested on its
 * own: finding a `;snippet` being typed, choosing and ordering the templates it names, and
 * putting a filled template into the message.
 */
import type { LANGUAGES } from '../../../../contract/options'
import { fillTemplate, templateValues } from '../../../../contract/template-fill'
import type { Template } from '../../../../contract/templates'
import { parseAddressList } from './addresses'

type Language = (typeof LANGUAGES)[number]

/** The longest `;word` that still opens the picker: past it, it is just text with a semicolon. */
const MAX_QUERY = 40

/** A `;query` being typed: where it starts (the `;`) and ends (the caret), and its letters. */
export type TemplateTrigger = { start: number; end: number; query: string }

/**
 * The `;` trigger at the caret: a `;` at the start of a word (the text's start, or after a
 * space or line break), followed by letters, digits or dashes up to the caret. Typing `a;b`,
 * `;` after a word, or a space after the query is no trigger.
 */
export function triggerAt(text: string, caret: number): TemplateTrigger | null {
  const before = text.slice(0, caret)
  const match = /(^|\s);([\p{L}\p{N}-]*)$/u.exec(before)
  if (!match) return null
  const query = match[2]!
  if (query.length > MAX_QUERY) return null
  return { start: caret - query.length - 1, end: caret, query }
}

/** Lower case, no accents: "Présentation" is found by "presen". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Words of the name and the built-in family ("follow-up"), so ";follow" finds every language. */
const haystack = (t: Template) => fold(`${t.name} ${t.key ?? ''}`)

/**
 * The templates the query names, the best first: the user's own, then those in the
 * recipient's language, then the rest as the server listed them; a name that starts with the
 * query before one that only contains it.
 */
export function matchTemplates(
  templates: readonly Template[],
  query: string,
  preferred: Language | null = null,
): Template[] {
  const q = fold(query.trim())
  const score = (t: Template) => {
    const hay = haystack(t)
    const starts = hay.startsWith(q) || hay.split(/[\s-]+/).some((w) => w.startsWith(q))
    return (
      (t.kind === 'custom' ? 0 : 4) +
      (preferred && t.language !== null && t.language !== preferred ? 2 : 0) +
      (starts ? 0 : 1)
    )
  }
  return templates
    .map((t, index) => ({ t, index }))
    .filter(({ t }) => !q || haystack(t).includes(q))
    .sort((a, b) => score(a.t) - score(b.t) || a.index - b.index)
    .map(({ t }) => t)
}

/** What fills the variables: the first recipient (a saved contact's name, else the address's own) and the user. */
export function valuesFor(
  to: string,
  contacts: readonly { email: string; name: string; language?: Language }[],
  myName: string | null | undefined,
) {
  const first = parseAddressList(to)[0]
  const contact = first
    ? contacts.find((c) => c.email.toLowerCase() === first.email.toLowerCase())
    : undefined
  return {
    values: templateValues(contact?.name || first?.name || null, myName),
    language: contact?.language ?? null,
  }
}

/**
 * The message with the filled template in place of the `;query` (or at the caret when the
 * button opened the picker), and where the caret goes: after the template. A template put
 * mid-line starts on a line of its own.
 */
export function insertTemplate(
  body: string,
  range: { start: number; end: number },
  filledBody: string,
): { body: string; caret: number } {
  const before = body.slice(0, range.start)
  const after = body.slice(range.end)
  const lead = before === '' || before.endsWith('\n') ? '' : '\n'
  const inserted = `${lead}${filledBody}`
  return { body: `${before}${inserted}${after}`, caret: before.length + inserted.length }
}

/** A template filled for the message: its body and subject, variables replaced. */
export function fillFor(template: Template, values: ReturnType<typeof templateValues>) {
  return {
    subject: fillTemplate(template.subject, values),
    body: fillTemplate(template.body, values),
  }
}

export const LANGUAGE_CODES: Record<Language, string> = {
  english: 'EN',
  spanish: 'ES',
  french: 'FR',
  german: 'DE',
}
