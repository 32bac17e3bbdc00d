import { BadRequest } from '../../../lib/errors.js'

/**
 * One part of a search as Gmail reads it (decision 024): a word or "a phrase" looked for in
 * the whole message, or an operator. `negated` is a leading `-` (`-from:news`).
 */
export type SearchTerm = { negated: boolean } & (
  | { kind: 'text'; value: string; phrase: boolean }
  | { kind: 'from' | 'to' | 'subject'; value: string }
  | { kind: 'label'; value: string }
  | { kind: 'hasAttachment' }
  | { kind: 'is'; flag: 'unread' | 'read' | 'starred' }
  | { kind: 'before' | 'after'; date: Date }
)

const IS_FLAGS = ['unread', 'read', 'starred'] as const

/** A leading `-`, an optional `operator:`, then a "quoted value" or a bare one. */
const TOKEN = /(-?)(?:([a-z]+):)?(?:"([^"]*)"?|(\S+))/gi

function bad(message: string): never {
  throw new BadRequest(`q: ${message}`, 'invalid_search')
}

/**
 * Gmail's dates: 2024/01/15 or 2024-01-15, taken as the start of that day (UTC), or a time
 * in seconds since 1970. Anything else names no day and is refused.
 */
function parseDate(operator: string, value: string): Date {
  if (/^\d{9,11}$/.test(value)) return new Date(Number(value) * 1000)
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value)
  const date = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : null
  if (!date || date.getUTCMonth() !== +match![2]! - 1 || date.getUTCDate() !== +match![3]!) {
    bad(`${operator}: "${value.slice(0, 40)}" is not a date (write it as YYYY/MM/DD)`)
  }
  return date
}

function operatorTerm(operator: string, value: string, negated: boolean): SearchTerm | null {
  switch (operator) {
    case 'from':
    case 'to':
    case 'subject':
      return { kind: operator, value, negated }
    case 'label':
    case 'in':
      return { kind: 'label', value, negated }
    case 'has':
      if (value.toLowerCase() !== 'attachment') bad(`has: can only be has:attachment`)
      return { kind: 'hasAttachment', negated }
    case 'is': {
      const flag = IS_FLAGS.find((f) => f === value.toLowerCase())
      if (!flag) bad(`is: can be ${IS_FLAGS.map((f) => `is:${f}`).join(', ')}`)
      return { kind: 'is', flag, negated }
    }
    case 'before':
    case 'after':
      return { kind: operator, date: parseDate(operator, value), negated }
    default:
      return null
  }
}

/**
 * Reads a search box's text into terms. Words and "phrases" are free text; `from:`, `to:`,
 * `subject:`, `label:` (or `in:`), `has:attachment`, `is:unread|read|starred`, `before:` and
 * `after:` are operators, a value may be quoted, and `-` negates. An unknown `word:` is text
 * (a time, a URL). An operator with no value yet (`from:` while typing) is left out. A value
 * an operator cannot take is a 400 naming it.
 */
export function parseSearch(query: string): SearchTerm[] {
  const terms: SearchTerm[] = []
  for (const match of query.matchAll(TOKEN)) {
    const [, minus, rawOperator, quoted, bare] = match
    const negated = minus === '-'
    const value = (quoted ?? bare ?? '').trim()
    const operator = rawOperator?.toLowerCase()
    const term = operator && value ? operatorTerm(operator, value, negated) : null
    if (term) {
      terms.push(term)
      continue
    }
    // An unknown `word:` is text as typed (`10:30`, `https://…`).
    const text = rawOperator ? `${rawOperator}:${value}` : value
    // Free text needs a letter or digit to look for: a lone `-` or `"` finds nothing new, and
    // an operator still being typed (`from:`) is nothing yet.
    if (!/[\p{L}\p{N}]/u.test(text) || /^[a-z]+:$/i.test(text)) continue
    terms.push({ kind: 'text', value: text, phrase: quoted !== undefined, negated })
  }
  return terms
}

/** Gmail's system labels, as `label:` / `in:` name them. */
const SYSTEM_LABELS: Record<string, string> = {
  inbox: 'INBOX',
  sent: 'SENT',
  starred: 'STARRED',
  important: 'IMPORTANT',
  trash: 'TRASH',
  spam: 'SPAM',
  unread: 'UNREAD',
  draft: 'DRAFT',
  drafts: 'DRAFT',
  chats: 'CHAT',
}

/**
 * The label id a `label:` value names: a system label, or the user's label whose name matches
 * ignoring case (Gmail lets `-` stand for a space and for `/`). Unknown names stay as typed,
 * so they match nothing rather than something else.
 */
export function resolveLabel(value: string, names: Record<string, string>): string {
  // Already an id: a list's own label, searched within (`scope=label`).
  if (value in names || Object.values(SYSTEM_LABELS).includes(value)) return value
  const wanted = value.toLowerCase()
  const system = SYSTEM_LABELS[wanted] ?? (/^category_\w+$/.test(wanted) ? value.toUpperCase() : '')
  if (system) return system
  const loose = (name: string) => name.toLowerCase().replace(/[\s/]/g, '-')
  const found = Object.entries(names).find(
    ([, name]) => name.toLowerCase() === wanted || loose(name) === loose(value),
  )
  return found?.[0] ?? value
}
