import { mapWithConcurrency } from '../../lib/concurrency.js'
import { NotFound } from '../../lib/errors.js'
import type { GmailSession } from './gmail.js'
import { parseThreadMessages } from './parse.js'
import type { MailRepository, SkippedMessage } from './repository.js'

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
    const page = await gmail.call('messagesList', (api) =>
      api.users.messages.list({
        userId: 'me',
        labelIds: ['INBOX'],
        maxResults: deps.pageSize * 2,
        pageToken,
      }),
    )
    for (const m of page.messages ?? []) {
      if (newest.size >= deps.pageSize) break
      if (m.id && m.threadId && !newest.has(m.threadId)) newest.set(m.threadId, m.id)
    }
    pageToken = page.nextPageToken ?? undefined
    if (!pageToken) break
  }
  // Each thread's headers are saved while the next are fetched: a worker that waited for its
  // save (a transaction behind the user's other writers) would hold back Gmail's calls.
  // A save never rejects here (a worker still running after another's error may add one
  // late): the first failure is kept and thrown once the fetching is done.
  const saves: Promise<void>[] = []
  const saveFailures: unknown[] = []
  let historyIds: (string | null | undefined)[]
  try {
    historyIds = await mapWithConcurrency([...newest], deps.concurrency, async ([threadId, id]) => {
      try {
        const message = await gmail.call('messagesGet', (api) =>
          api.users.messages.get({
            userId: 'me',
            id,
            format: 'metadata',
            metadataHeaders: LIST_HEADERS,
          }),
        )
        const { parsed, unreadable } = parseThreadMessages(threadId, [message])
        // Headers only: no body and no attachments yet, whatever the payload looked like.
        const headersOnly = parsed.map((m) => ({
          ...m,
          textBody: '',
          htmlBody: null,
          attachments: [],
        }))
        saves.push(
          deps.repo
            .saveMetadata(userId, threadId, headersOnly, unreadable)
            .then((skipped) => deps.onSkipped(threadId, skipped))
            .catch((error: unknown) => {
              saveFailures.push(error)
            }),
        )
        return message.historyId
      } catch (error) {
        // Deleted in Gmail since it was listed: there is nothing to show.
        if (error instanceof NotFound) return null
        throw error
      }
    })
  } catch (error) {
    // Gmail's error is the one to tell.
    await Promise.all(saves)
    throw error
  }
  await Promise.all(saves)
  if (saveFailures.length > 0) throw saveFailures[0]
  return { threadIds: [...newest.keys()], historyId: maxHistoryId(historyIds) }
}
