/**
 * Who the user writes with, read from the mail cache: saved contacts and the recipients of sent
 * mail (the address fields' suggestions), the latest messages exchanged with someone and the
 * user's own sent texts (the AI's conversation memory and style, decision 034).
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { contacts, emailMessages } from '../../../db/schema.js'
import { escapeLike } from './search-filter.js'

/** `text` as a literal inside a PostgreSQL regular expression. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function createCorrespondentsRepository(db: Database) {
  return {
    /**
     * The latest cached messages of a thread, or exchanged with an address (from, to or cc),
     * newest first; trash and spam left out. The AI's conversation memory (decision 034) reads it.
     */
    async recentMessagesWith(
      userId: string,
      who: { email: string | null; threadId: string | null },
      limit: number,
    ) {
      const matches: SQL[] = []
      if (who.threadId) matches.push(eq(emailMessages.threadId, who.threadId))
      if (who.email) {
        const address = who.email.toLowerCase()
        const pattern = `%${escapeLike(address)}%`
        // The whole address, not a part of another one: ana@example.com is not in a header
        // that names joana@example.com, whose mail must not shape a draft to Ana. The ilike
        // narrows cheaply; the pattern bounded by the characters around an address decides.
        const whole = `(^|[\\s<,;:"'])${escapeRegex(address)}($|[\\s>,;"'])`
        const names = (header: AnyColumn) =>
          sql`(${header} ilike ${pattern} and ${header} ~* ${whole})`
        matches.push(
          sql`(lower(${emailMessages.fromEmail}) = ${address} or ${names(emailMessages.toHeader)} or ${names(emailMessages.ccHeader)})`,
        )
      }
      if (matches.length === 0) return []
      return db
        .select({
          fromName: emailMessages.fromName,
          fromEmail: emailMessages.fromEmail,
          internalDate: emailMessages.internalDate,
          textBody: emailMessages.textBody,
          snippet: emailMessages.snippet,
        })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            sql`not (${emailMessages.labels} && array['TRASH','SPAM']::text[])`,
            matches.length === 1 ? matches[0] : sql`(${matches[0]} or ${matches[1]})`,
          ),
        )
        .orderBy(sql`${emailMessages.internalDate} desc`)
        .limit(limit)
    },

    /** The user's saved contacts whose name or address contains `q`, by name. */
    async contactsMatching(userId: string, q: string, limit: number) {
      const pattern = `%${escapeLike(q)}%`
      return db
        .select({ name: contacts.name, email: contacts.email })
        .from(contacts)
        .where(
          and(
            eq(contacts.userId, userId),
            sql`(${contacts.name} ilike ${pattern} or ${contacts.email} ilike ${pattern})`,
          ),
        )
        .orderBy(asc(sql`lower(${contacts.name})`))
        .limit(limit)
    },

    /**
     * The recipients of the user's latest sent messages whose headers mention `q`, newest
     * first (the address fields' suggestions). Only this user's rows; trash left out.
     */
    async sentRecipientHeaders(userId: string, q: string, limit: number) {
      const pattern = `%${escapeLike(q)}%`
      const rows = await db
        .select({ to: emailMessages.toHeader, cc: emailMessages.ccHeader })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            sql`${emailMessages.labels} @> array['SENT']::text[]`,
            sql`not (${emailMessages.labels} && array['TRASH','SPAM']::text[])`,
            sql`(${emailMessages.toHeader} ilike ${pattern} or ${emailMessages.ccHeader} ilike ${pattern})`,
          ),
        )
        .orderBy(sql`${emailMessages.internalDate} desc`)
        .limit(limit)
      return rows.flatMap((r) => [r.to, r.cc]).filter(Boolean)
    },

    /** The To and Cc of the user's latest sent messages, newest first; trash and spam left out. */
    async sentRecipientHeaderPairs(userId: string, limit: number) {
      return db
        .select({ to: emailMessages.toHeader, cc: emailMessages.ccHeader })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            sql`${emailMessages.labels} @> array['SENT']::text[]`,
            sql`not (${emailMessages.labels} && array['TRASH','SPAM']::text[])`,
          ),
        )
        .orderBy(sql`${emailMessages.internalDate} desc`)
        .limit(limit)
    },

    /** The user's latest sent messages' text, newest first (learning their style, decision 034). */
    async recentSentTexts(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ textBody: emailMessages.textBody })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            sql`${emailMessages.labels} @> array['SENT']::text[]`,
            sql`length(${emailMessages.textBody}) > 0`,
          ),
        )
        .orderBy(sql`${emailMessages.internalDate} desc`)
        .limit(limit)
      return rows.map((r) => r.textBody)
    },
  }
}
