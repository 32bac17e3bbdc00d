import { mapWithConcurrency } from '../../../lib/concurrency.js'
import { NotFound } from '../../../lib/errors.js'
import type { GmailSession } from '../gmail/session.js'
import { parseThreadMessages } from '../message/parse.js'
import type { MailRepository, MetadataThread } from '../store/repository.js'
import type { SkippedMessage } from '../store/skipped-messages.js'

/**
 * The headers the list shows (format=metadata sends only these). Named as Gmail spells them:
 * Gmail matches them in any case, the stand-in only as spelled.
 */
const LIST_HEADERS = [
  'From',
  'To',
  'Cc',
  'Bcc',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'In-Reply-To',
  'References',
]

function maxHistoryId(ids: (string | null | undefined)[]): string | null {
  let best: bigint | null = null
  for (const id of ids) {
    if (!id || !/^\d{1,30}$/.test(id)) continue
    const value = BigInt(id)
    if (best === null || value > best) best = value
  }
  return best === null ? null : best.toString()
}

/**
 * The cold first page (decision 023): the newest inbox messages by `messages.list`, then the
 * headers of each thread's newest one by `messages.get format=metadata` — 5 units, plus 20 a
 * thread instead of 40, and no bodies. Each thread is cached as metadata-only; the rest of the
 * sync, or opening the thread, fetches it whole. Answers the threads shown and the highest
 * historyId read (a resume point for incremental syncs).
 */
export async function fetchFirstPageByMetadata(
  deps: {
    repo: MailRepository
    pageSize: number
    concurrency: number
    onSkipped: (threadId: string, skipped: SkippedMessage[]) => void
  },
  gmail: GmailSession,
  userId: string,
): Promise<{ threadIds: string[]; historyId: string | null }> {
  const newest = new Map<string, string>()
  let pageToken: string | undefined
  // A thread with several inbox messages takes several rows: list more than a page needs, and
  // go on (5 units a page) until the page is full or the inbox ends.
  for (let pages = 0; pages < 5 && newest.size < deps.pageSize; pages++) {
    const page = await gmail.messages.list({
      labelIds: ['INBOX'],
      maxResults: deps.pageSize * 2,
      pageToken,
    })
    for (const m of page.messages ?? []) {
      if (newest.size >= deps.pageSize) break
      if (m.id && m.threadId && !newest.has(m.threadId)) newest.set(m.threadId, m.id)
    }
    pageToken = page.nextPageToken ?? undefined
    if (!pageToken) break
  }
  // Headers are saved while the next are fetched, a batch at a time: what arrived while the
  // last save ran goes in the next, in one transaction. A worker that waited for its own save
  // (a transaction behind the user's other writers) would hold back Gmail's calls, and a
  // transaction per thread costs the database more than the fetching. A failed save is kept
  // and thrown once the fetching is done (Gmail's own error, if any, is the one to tell).
  const waiting: MetadataThread[] = []
  let saving: Promise<void> = Promise.resolve()
  const saveFailures: unknown[] = []
  const saveWaiting = () => {
    saving = saving.then(async () => {
      const batch = waiting.splice(0)
      if (batch.length === 0) return
      try {
        const skipped = await deps.repo.saveMetadata(userId, batch)
        batch.forEach((t, i) => deps.onSkipped(t.threadId, skipped[i]!))
      } catch (error) {
        saveFailures.push(error)
      }
    })
  }
  let historyIds: (string | null | undefined)[]
  try {
    historyIds = await mapWithConcurrency([...newest], deps.concurrency, async ([threadId, id]) => {
      try {
        const message = await gmail.messages.getHeaders(id, LIST_HEADERS)
        const { parsed, unreadable } = parseThreadMessages(threadId, [message])
        // Headers only: no body and no attachments yet, whatever the payload looked like.
        const messages = parsed.map((m) => ({
          ...m,
          textBody: '',
          htmlBody: null,
          attachments: [],
        }))
        waiting.push({ threadId, messages, skipped: unreadable })
        saveWaiting()
        return message.historyId
      } catch (error) {
        // Deleted in Gmail since it was listed: there is nothing to show.
        if (error instanceof NotFound) return null
        throw error
      }
    })
  } finally {
    await saving
  }
  if (saveFailures.length > 0) throw saveFailures[0]
  return { threadIds: [...newest.keys()], historyId: maxHistoryId(historyIds) }
}
