import type { GmailDraft } from '../gmail/types.js'
import type { Draft, DraftList } from '../../../../contract/mail.js'
import { mapWithConcurrency } from '../../../lib/concurrency.js'
import { NotFound } from '../../../lib/errors.js'
import type { GmailSession } from '../gmail/session.js'
import { parseGmailMessage, UnreadableMessage } from '../message/parse.js'

/** The Drafts view shows the newest drafts; each costs a drafts.get, so the page is bounded. */
export const DRAFTS_PAGE = 50
/** drafts.get calls in flight at once: well under Gmail's ~25 concurrent calls per user. */
const DRAFT_FETCHES = 8

const GONE = 'This draft no longer exists in Gmail'

/** A Gmail draft (format=full) as the app shows it; null when its message is unreadable. */
export function presentDraft(draft: GmailDraft): Omit<Draft, 'replyToMessageId'> | null {
  if (!draft.id || !draft.message) return null
  let m
  try {
    m = parseGmailMessage(draft.message)
  } catch (error) {
    if (error instanceof UnreadableMessage) return null
    throw error
  }
  return {
    id: draft.id,
    to: m.toHeader,
    cc: m.ccHeader,
    bcc: m.bccHeader,
    subject: m.subject,
    body: m.textBody,
    snippet: m.snippet || m.textBody.slice(0, 200),
    timestamp: m.internalDate.toISOString(),
    // Only a reply belongs to a conversation the user can see; Gmail gives new mail a thread too.
    threadId: m.inReplyTo ? m.threadId : null,
    inReplyTo: m.inReplyTo,
    attachments: m.attachments.map(({ contentId: _, ...attachment }) => attachment),
  }
}

/**
 * Reads drafts straight from Gmail (they are not cached: see docs/decisions/025).
 * `answered` finds the Gmail ids of cached messages by their Message-ID headers, so a reply
 * draft reopens as a reply to that message.
 */
export function draftsOf(
  gmail: GmailSession,
  answered: (messageIdHeaders: string[]) => Promise<Map<string, string>>,
) {
  const withReplyTarget = async (found: Omit<Draft, 'replyToMessageId'>[]): Promise<Draft[]> => {
    const ids = await answered([...new Set(found.map((d) => d.inReplyTo).filter(Boolean))])
    return found.map((d) => ({ ...d, replyToMessageId: ids.get(d.inReplyTo) ?? null }))
  }

  const get = (id: string) => gmail.drafts.get(id, GONE)

  return {
    /** The newest drafts, newest first; one deleted meanwhile is left out. */
    async list(): Promise<DraftList> {
      const page = await gmail.drafts.list(DRAFTS_PAGE)
      const ids = (page.drafts ?? []).flatMap((d) => (d.id ? [d.id] : []))
      const found = await mapWithConcurrency(ids, DRAFT_FETCHES, (id) =>
        get(id).then(presentDraft, (error: unknown) => {
          if (error instanceof NotFound) return null
          throw error
        }),
      )
      const drafts = (await withReplyTarget(found.filter((d) => d !== null))).sort(
        (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp),
      )
      // Gmail's count is an estimate: exact when the whole list fit in one page.
      const total = page.nextPageToken
        ? Math.max(page.resultSizeEstimate ?? 0, drafts.length)
        : drafts.length
      return { drafts, total }
    },

    async get(id: string): Promise<Draft> {
      const draft = presentDraft(await get(id))
      if (!draft) throw new NotFound(GONE)
      return (await withReplyTarget([draft]))[0]!
    },

    /**
     * The `index`th file of the draft as it is saved now, with its bytes. By position: the
     * draft is read again here, and Gmail may name its parts differently on each read.
     */
    async attachment(id: string, index: number) {
      const draft = await get(id)
      const messageId = draft.message?.id
      const meta = draft.id && messageId ? presentDraft(draft)?.attachments[index] : undefined
      if (!messageId || !meta) throw new NotFound('This draft has no such attachment')
      const body = await gmail.messages.getAttachment(messageId, meta.attachmentId, GONE)
      return { ...meta, content: Buffer.from(body.data ?? '', 'base64url') }
    },

    async delete(id: string): Promise<void> {
      await gmail.drafts.delete(id, GONE)
    },
  }
}
