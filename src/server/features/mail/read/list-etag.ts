import { createHash } from 'node:crypto'
import { backfillProgress } from '../sync/backfill.js'
import type { MailRepository } from '../store/repository.js'

/**
 * What a list answer's ETag rests on, and how a browser's tag is compared with it (decisions
 * 024 and 038): shared by the list service, which builds the tag, and the list route, which
 * answers 304 with it.
 */

export type ListQuery = {
  label: string
  q?: string
  scope: 'label' | 'all'
  limit: number
  cursor?: string
}

/**
 * Has a first page of the mailbox been cached? Its historyId says so once a message is stored;
 * an empty mailbox never gets one, but its finished sync says the same. Without the second
 * half, every read of an empty mailbox was a first visit that waited for a whole new sync.
 */
export function hasFirstPage(
  state: { historyId: string | null; lastSyncedAt: Date | null } | null,
): boolean {
  return Boolean(state?.historyId || state?.lastSyncedAt)
}

/** Does an If-None-Match header name `etag`? (A list of tags, or `*`; weak comparison.) */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

export type ListSnapshot = {
  state: Awaited<ReturnType<MailRepository['getSyncState']>>
  syncing: boolean
  version: number
}

/**
 * A list answer's ETag: everything the page shows besides its rows, which the mailbox version
 * covers. Null for the first page of Search all mail, which asks Gmail and no snapshot covers.
 */
export function listEtag(
  { state, syncing, version }: ListSnapshot,
  query: ListQuery,
): string | null {
  if (query.q && query.scope === 'all' && !query.cursor) return null
  const parts = [
    version,
    syncing,
    state?.lastError,
    state?.skippedMessages,
    backfillProgress(state),
    state?.labelNames ?? {},
    query,
  ]
  return `W/"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}"`
}
