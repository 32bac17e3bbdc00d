/**
 * The Gmail signature as last read (`mail_sync_state.signature_html`, with when), and the
 * user's setting that says whether new mail starts with it.
 */
import { eq } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { mailSyncState, userSettings } from '../../../db/schema.js'

export function createSignatureRepository(db: Database) {
  return {
    async cached(userId: string): Promise<{ html: string; fetchedAt: Date } | null> {
      const [row] = await db
        .select({ html: mailSyncState.signatureHtml, fetchedAt: mailSyncState.signatureFetchedAt })
        .from(mailSyncState)
        .where(eq(mailSyncState.userId, userId))
      return row?.fetchedAt ? { html: row.html ?? '', fetchedAt: row.fetchedAt } : null
    },

    async save(userId: string, html: string) {
      const changes = { signatureHtml: html, signatureFetchedAt: new Date() }
      await db
        .insert(mailSyncState)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: mailSyncState.userId, set: changes })
    },

    /** The setting (on unless the user turned it off; no settings row yet means on). */
    async enabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: userSettings.useGmailSignature })
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
      return row?.on ?? true
    },
  }
}

export type SignatureRepository = ReturnType<typeof createSignatureRepository>
