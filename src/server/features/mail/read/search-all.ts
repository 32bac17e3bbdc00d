import type { Thread } from '../../../../contract/mail.js'
import type { GmailSession } from '../gmail/session.js'
import { parseGmailMessage } from '../message/parse.js'
import { presentThread } from './present.js'
import type { MailRepository } from '../store/repository.js'
import { summarizeThread } from '../message/thread-summary.js'

/**
 * At most this many threads the cache lacks are fetched per search: each costs a
 * `threads.get` (40 units in the 2026 quota model), and a search is one page.
 */
export const MAX_FETCHED_PER_SEARCH = 20

/** The headers a list row shows; `format=metadata` sends only these, no bodies. */
const LIST_HEADERS = ['Subject', 'From', 'To', 'Cc', 'Date', 'Message-ID']

/**
 * "Search all mail" beyond the cache (decision 024): Gmail runs the same query (its operators
 * are Gmail's), the threads it finds that the cache holds come from the cache, and up to
 * MAX_FETCHED_PER_SEARCH others are fetched as metadata and shown as list rows, not stored.
 */
export async function searchGmail(deps: {
  gmail: GmailSession
  repo: MailRepository
  userId: string
  q: string
  limit: number
  labelNames: Record<string, string>
}): Promise<Thread[]> {
  const { gmail, repo, userId, labelNames } = deps
  const listed = await gmail.threads.list({ q: deps.q, maxResults: deps.limit })
  const ids = (listed.threads ?? []).map((t) => t.id).filter((id): id is string => Boolean(id))
  const cached = await repo.getThreadRows(userId, ids)
  const have = new Set(cached.map((row) => row.thread.threadId))
  const missing = ids.filter((id) => !have.has(id)).slice(0, MAX_FETCHED_PER_SEARCH)
  const fetched = await Promise.all(
    missing.map((id) =>
      gmail.threads.get(
        id,
        { metadataHeaders: LIST_HEADERS },
        'This conversation no longer exists in Gmail',
      ),
    ),
  )
  const rows = cached.map((row) => presentThread(row, labelNames))
  for (const thread of fetched) {
    const messages = (thread.messages ?? []).flatMap((message) => {
      try {
        return [{ ...parseGmailMessage(message), attachments: [] }]
      } catch {
        // A message without a usable id cannot be shown or opened: the rest of the thread can.
        return []
      }
    })
    const summary = summarizeThread(messages)
    const latest = messages.find((m) => m.gmailId === summary?.latestMessageId)
    if (!summary || !latest) continue
    rows.push(
      presentThread({ thread: summary, latest: { ...latest, userId, hasHtml: false } }, labelNames),
    )
  }
  return rows
}

/** Cache results and Gmail's, newest first, each thread once (the cache's copy wins). */
export function mergeResults(cache: Thread[], gmail: Thread[]): Thread[] {
  const seen = new Set(cache.map((t) => t.id))
  const extra = gmail.filter((t) => !seen.has(t.id) && seen.add(t.id))
  return [...cache, ...extra].sort(
    (a, b) => b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id),
  )
}
