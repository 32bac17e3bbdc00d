import { sql, type SQL } from 'drizzle-orm'
import { emailMessages, emailThreads } from '../../../db/schema.js'
import { resolveLabel, type SearchTerm } from './search-query.js'

/** A LIKE pattern's wildcards taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)
const contains = (value: string) => `%${escapeLike(value)}%`

/**
 * A word as a prefix query: `inv` finds "invoice" while the user types. The word goes in as a
 * quoted lexeme (quotes and backslashes escaped), so no character of it is tsquery syntax.
 */
const prefixQuery = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`

const not = (condition: SQL, negated: boolean) => (negated ? sql`not (${condition})` : condition)

/** The condition one message must meet for a term, or null for a thread-level term. */
function messageCondition(term: SearchTerm): SQL | null {
  const m = emailMessages
  switch (term.kind) {
    case 'text':
      return term.phrase
        ? sql`${m.searchVector} @@ phraseto_tsquery('simple', ${term.value})`
        : sql`${m.searchVector} @@ to_tsquery('simple', ${term.value
            .split(/\s+/)
            .filter(Boolean)
            .map(prefixQuery)
            .join(' & ')})`
    case 'from':
      return sql`(${m.fromEmail} ilike ${contains(term.value)} or ${m.fromName} ilike ${contains(term.value)})`
    case 'to':
      return sql`(${m.toHeader} ilike ${contains(term.value)} or ${m.ccHeader} ilike ${contains(term.value)} or ${m.bccHeader} ilike ${contains(term.value)})`
    case 'subject':
      return sql`${m.subject} ilike ${contains(term.value)}`
    case 'hasAttachment':
      return sql`jsonb_array_length(${m.attachments}) > 0`
    case 'before':
      return sql`${m.internalDate} < ${term.date.toISOString()}::timestamptz`
    case 'after':
      return sql`${m.internalDate} >= ${term.date.toISOString()}::timestamptz`
    default:
      return null
  }
}

/**
 * The conditions a thread must meet to match `terms` (decision 024). Labels and flags are the
 * thread's; every other term must hold for one message of it, found through the messages'
 * full-text index. Trash and spam are left out unless a `label:` asks for them.
 */
export function searchConditions(
  userId: string,
  terms: SearchTerm[],
  labelNames: Record<string, string>,
): SQL[] {
  const t = emailThreads
  const conditions: SQL[] = []
  const messageConditions: SQL[] = []
  let wantsBin = false
  for (const term of terms) {
    if (term.kind === 'label') {
      const id = resolveLabel(term.value, labelNames)
      if (!term.negated && (id === 'TRASH' || id === 'SPAM')) wantsBin = true
      conditions.push(not(sql`${t.labels} @> array[${id}]::text[]`, term.negated))
    } else if (term.kind === 'is') {
      const has = (label: string) => sql`${t.labels} @> array[${label}]::text[]`
      const condition =
        term.flag === 'starred'
          ? has('STARRED')
          : term.flag === 'unread'
            ? has('UNREAD')
            : sql`not ${has('UNREAD')}`
      conditions.push(not(condition, term.negated))
    } else {
      const condition = messageCondition(term)
      if (condition) messageConditions.push(not(condition, term.negated))
    }
  }
  if (!wantsBin) conditions.push(sql`not (${t.labels} && array['TRASH','SPAM']::text[])`)
  if (messageConditions.length) {
    const m = emailMessages
    // An IN over the matching messages, not EXISTS per thread: the planner can read the GIN
    // index once for the user's matches instead of probing every thread of the mailbox.
    conditions.push(sql`${t.threadId} in (
      select ${m.threadId} from ${m}
      where ${m.userId} = ${userId} and ${sql.join(messageConditions, sql` and `)})`)
  }
  return conditions
}
