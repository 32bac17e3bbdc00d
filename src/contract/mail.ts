import { z } from 'zod'
import { splitAddressList } from './address-list.js'

/**
 * Gmail's ids — of messages, threads, drafts, labels and attachments — are URL-safe base64
 * text ('18c1f0a2b3d4e5f6', 'r-4851…', 'Label_12', long attachment ids). Anything else names
 * nothing in Gmail, so it is refused here rather than looked up.
 */
export const gmailId = (max = 200) =>
  z
    .string()
    .min(1, 'Must not be empty')
    .max(max, `Must be at most ${max} characters`)
    .regex(/^[\w-]+$/, 'Not a Gmail id (letters, digits, - and _ only)')

/** `/api/gmail/threads/:id` */
export const ThreadParamsSchema = z.object({ id: gmailId() })

/** `/api/gmail/messages/:messageId/attachments/:attachmentId` (attachment ids are long). */
export const AttachmentParamsSchema = z.object({
  messageId: gmailId(),
  attachmentId: gmailId(2000),
})

export const AddressSchema = z.object({ name: z.string(), email: z.string() })
export type Address = z.infer<typeof AddressSchema>

export const EmailHeadersSchema = z.object({
  from: z.string(),
  to: z.string(),
  cc: z.string(),
  bcc: z.string(),
  date: z.string(),
  subject: z.string(),
  messageId: z.string(),
  replyTo: z.string(),
})

export const AttachmentSchema = z.object({
  attachmentId: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /**
   * The part's Content-ID (without angle brackets) when the message's HTML may show it inline
   * as `cid:` (decision 037).
   */
  contentId: z.string().optional(),
})
export type Attachment = z.infer<typeof AttachmentSchema>

/** What the inbox shows of one message, shared by threads and messages. */
const MessageViewSchema = z.object({
  subject: z.string(),
  snippet: z.string(),
  body: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  hasHtml: z.boolean(),
  sender: AddressSchema,
  recipient: z.string(),
  cc: z.string(),
  timestamp: z.string(),
  labels: z.array(z.string()),
  isUnread: z.boolean(),
  isStarred: z.boolean(),
  headers: EmailHeadersSchema,
})

/**
 * A thread as the inbox list shows it: the fields describe its latest message.
 * A list row carries no bodies (decision 024): the list stays light, search runs on the
 * server, and the viewer loads the thread for its text.
 */
export const ThreadSchema = MessageViewSchema.omit({
  body: true,
  textBody: true,
  htmlBody: true,
}).extend({
  id: z.string(),
  /** Who wrote in the conversation, in order of their first message, each once. */
  participants: z.array(AddressSchema),
  messageCount: z.number().int(),
  hasAttachments: z.boolean(),
  /**
   * True while only the latest message's headers are cached (a cold first page, decision 023):
   * `messageCount` counts the messages cached so far and `hasAttachments`
   * is false until the thread is fetched whole (when opened, or by the sync a moment later).
   */
  partial: z.boolean().optional(),
  /**
   * Brought back by a snooze at its time (issue 28): the list shows a "Snoozed" mark, and
   * `timestamp` is when it came back, which is where it sorts.
   */
  snoozedBack: z.boolean().optional(),
})
export type Thread = z.infer<typeof ThreadSchema>

export const ThreadListQuerySchema = z.object({
  /**
   * A search with Gmail's operators (from:, to:, subject:, label:, has:attachment, is:unread,
   * is:starred, before:, after:) over the whole cached mailbox (decision 024).
   */
  q: z.string().trim().max(200).optional(),
  /**
   * Where a search looks: `label`, the cached threads of `label` (instant search as the user
   * types), or `all`, the whole cached mailbox plus what Gmail finds that the cache lacks
   * ("Search all mail", decision 033).
   */
  scope: z.enum(['label', 'all']).default('all'),
  /** A Gmail label id to list; the inbox is INBOX. */
  label: gmailId(100).default('INBOX'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
})

export const BackfillProgressSchema = z.object({
  done: z.boolean(),
  threads: z.number().int(),
  /** ISO date of the oldest message reached; null until a thread is in. */
  oldestDate: z.string().nullable(),
  /**
   * About how many seconds are left at the Gmail quota's rate (decision 054), from Gmail's
   * estimate of the older threads; absent or null when there is no estimate (not paced, or
   * not known yet).
   */
  etaSeconds: z.number().nullable().optional(),
})
export type BackfillProgress = z.infer<typeof BackfillProgressSchema>

export const ThreadListSchema = z.object({
  threads: z.array(ThreadSchema),
  nextCursor: z.string().nullable(),
  /** Total threads matching (for 'N conversations'). */
  total: z.number().int(),
  /** True while the first full sync is still filling the cache. */
  syncing: z.boolean(),
  /** Why the last sync with Gmail failed, in plain words; null once a sync succeeds. */
  syncError: z.string().nullable(),
  /** Messages in Gmail the cache could not store (each skipped and logged with its reason). */
  skippedMessages: z.number().int(),
  /**
   * Fetching the mail older than the sync window (decision 023), once the window is in: how
   * many threads it has listed, the oldest date it reached, and whether it is done. Null
   * before it starts.
   */
  backfill: BackfillProgressSchema.nullable().optional(),
  /** Said when a search of all mail could only search the cache (Gmail did not answer). */
  notice: z.string().optional(),
})
export type ThreadList = z.infer<typeof ThreadListSchema>

/** One message of a conversation, in full. */
export const EmailMessageSchema = MessageViewSchema.extend({
  id: z.string(),
  threadId: z.string(),
  inReplyTo: z.string(),
  references: z.string(),
  attachments: z.array(AttachmentSchema),
})
export type EmailMessage = z.infer<typeof EmailMessageSchema>

export const ThreadDetailSchema = z.object({
  id: z.string(),
  subject: z.string(),
  labels: z.array(z.string()),
  isUnread: z.boolean(),
  isStarred: z.boolean(),
  messages: z.array(EmailMessageSchema),
})
export type ThreadDetail = z.infer<typeof ThreadDetailSchema>

export const THREAD_ACTIONS = [
  'archive',
  'unarchive',
  'star',
  'unstar',
  'read',
  'unread',
  'trash',
  'untrash',
  'flag',
  'unflag',
] as const
export type ThreadAction = (typeof THREAD_ACTIONS)[number]
export const ThreadActionSchema = z.object({ action: z.enum(THREAD_ACTIONS) })

/** Gmail's limit for one message, attachments included (decision 032). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024

export { splitAddressList }

const EmailAddressSchema = z.email()

/** True when one entry of an address list ('kim@z.io', 'Sam <sam@x.io>') holds an e-mail address. */
export function isAddressEntry(entry: string): boolean {
  const address = /<([^<>]*)>$/.exec(entry.trim())?.[1] ?? entry
  return EmailAddressSchema.safeParse(address.trim()).success
}

/**
 * An address list as people type it: `ada@example.com, Grace <grace@example.com>`. Each entry
 * must hold an e-mail address; Gmail would refuse the message otherwise. The message counts
 * the entry rather than quoting it, so a log line never carries an address.
 */
const recipients = (label: string) =>
  z
    .string()
    .trim()
    .max(5000)
    .superRefine((list, ctx) => {
      const entries = splitAddressList(list)
      entries.forEach((entry, index) => {
        if (!isAddressEntry(entry)) {
          const which = entries.length > 1 ? ` ${index + 1} of ${entries.length}` : ''
          const message = `${label}: recipient${which} is not an e-mail address`
          ctx.addIssue({ code: 'custom', message, input: list })
        }
      })
    })

/**
 * A MIME type as `type/subtype`, each half an RFC 2045 token: no space, control character
 * (CR, LF), `;`, `"` or other tspecial, so it cannot end a Content-Type header early, add
 * parameters, or start another header.
 */
const MIME_TYPE = /^[!#$%&'*+\-.^_`{|}~0-9A-Za-z]+\/[!#$%&'*+\-.^_`{|}~0-9A-Za-z]+$/

export const OutgoingAttachmentSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  mimeType: z
    .string()
    .max(255)
    .regex(MIME_TYPE, 'must be a MIME type as type/subtype (e.g. application/pdf), no parameters')
    .toLowerCase()
    .default('application/octet-stream'),
  /** The file's bytes in base64. */
  contentBase64: z.string().max(Math.ceil((MAX_MESSAGE_BYTES * 4) / 3) + 4),
})

/**
 * An attachment of a message in the user's mailbox, sent on with a forward (decision 037): the
 * server fetches its bytes from Gmail, so the browser never downloads and uploads them again.
 */
export const ForwardedAttachmentSchema = z.object({
  messageId: gmailId(),
  attachmentId: gmailId(2000),
})
export type ForwardedAttachment = z.infer<typeof ForwardedAttachmentSchema>

/** An ISO 8601 time with its offset (`2025-03-03T08:00:00.000Z`, `…+01:00`). */
export const SendAtSchema = z.iso.datetime({
  offset: true,
  error: 'must be a date and time (ISO 8601, e.g. 2025-03-03T08:00:00Z)',
})

/** POST /api/gmail/send; a reply names its thread and the message it answers. */
export const SendEmailSchema = z.object({
  to: recipients('To').min(1, 'Recipient is required'),
  cc: recipients('Cc').optional(),
  bcc: recipients('Bcc').optional(),
  subject: z.string().trim().min(1, 'Subject is required').max(998),
  body: z.string().min(1, 'Message is required').max(2_000_000),
  threadId: gmailId().optional(),
  /** Gmail id of the message being answered; the server derives In-Reply-To and References. */
  replyToMessageId: gmailId().optional(),
  attachments: z.array(OutgoingAttachmentSchema).max(50).default([]),
  /** The original's attachments a forward carries on, fetched by the server from Gmail. */
  forwardedAttachments: z.array(ForwardedAttachmentSchema).max(50).default([]),
  /** Gmail draft to delete once sent. */
  draftId: gmailId().optional(),
  /** The AiDraft the message was written from: sending records its final version (decision 034). */
  aiDraftId: z.uuid('Not a valid AI draft id').optional(),
  /**
   * Send later (Pro, decision 053): the message waits as a draft and goes at this time, at
   * least 30 s and at most a year ahead. The answer is 202 with the id that cancels it.
   */
  sendAt: SendAtSchema.optional(),
  /**
   * Use the sender's Undo send window (settings.undoSendSeconds): the message waits that long,
   * cancellable, and the answer is 202. With the window off, it is sent at once (200).
   */
  undo: z.boolean().optional(),
})
export type SendEmailInput = z.input<typeof SendEmailSchema>
export const SendEmailResultSchema = z.object({ id: z.string(), threadId: z.string() })

/** POST /api/gmail/drafts: creates, or updates when draftId is given. */
export const SaveDraftSchema = SendEmailSchema.omit({ sendAt: true, undo: true }).extend({
  to: recipients('To').default(''),
  subject: z.string().trim().max(998).default(''),
  body: z.string().max(2_000_000).default(''),
})
export const SaveDraftResultSchema = z.object({ draftId: z.string() })

export const UnreadCountSchema = z.object({ count: z.number().int() })
/** POST /api/gmail/sync with `Prefer: wait=N`, when the sync ended within N seconds. */
export const SyncResultSchema = z.object({ changed: z.number().int(), full: z.boolean() })
/**
 * POST /api/gmail/sync (202): the sync is queued, ahead of the background ones. The event
 * stream says when it is done: `sync.done` or `sync.failed` with this `jobId`.
 */
export const SyncQueuedSchema = z.object({
  status: z.literal('queued'),
  jobId: z.string().nullable(),
})

/** `/api/gmail/drafts/:id` */
export const DraftParamsSchema = z.object({ id: gmailId() })

/** One of the user's Gmail drafts, as the Drafts view lists it and Compose reopens it. */
export const DraftSchema = z.object({
  /** The Gmail draft id (saving again with it updates the same draft). */
  id: z.string(),
  to: z.string(),
  cc: z.string(),
  bcc: z.string(),
  subject: z.string(),
  /** The text written so far. */
  body: z.string(),
  snippet: z.string(),
  /** When it was last saved (ISO 8601). */
  timestamp: z.string(),
  /** The conversation a reply draft answers; null for a draft of new mail. */
  threadId: z.string().nullable(),
  /** The Message-ID header a reply draft answers ('' for new mail). */
  inReplyTo: z.string(),
  /** Gmail id of the message a reply draft answers, when the cache knows it. */
  replyToMessageId: z.string().nullable(),
  /**
   * The files saved with it, in order. Compose reopens them through
   * `/api/gmail/drafts/:id/attachments/:index` (decision 025): by position, because Gmail's
   * attachment ids are not stable from one read of a message to the next.
   */
  attachments: z.array(AttachmentSchema),
})
export type Draft = z.infer<typeof DraftSchema>

/** `/api/gmail/drafts/:id/attachments/:index` */
export const DraftAttachmentParamsSchema = z.object({
  id: gmailId(),
  index: z.coerce.number().int().min(0).max(99),
})

/** GET /api/gmail/drafts: the newest drafts, and how many Gmail holds in all. */
export const DraftListSchema = z.object({
  drafts: z.array(DraftSchema),
  total: z.number().int(),
})
export type DraftList = z.infer<typeof DraftListSchema>
/** GET /api/gmail/recipients?q=: what the To, Cc and Bcc fields suggest as the user types. */
export const RecipientQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(8),
})
export const RecipientSuggestionSchema = AddressSchema.extend({
  /** A saved contact, or someone the user has written to. */
  source: z.enum(['contact', 'sent']),
})
export type RecipientSuggestion = z.infer<typeof RecipientSuggestionSchema>
export const RecipientSuggestionsSchema = z.object({
  suggestions: z.array(RecipientSuggestionSchema),
})

/**
 * A message that arrived in the inbox, as a sync found it in Gmail's history (decision 037):
 * the open app plays a sound or shows a desktop notification for it. The user's own sent mail
 * and drafts are never among them, nor anything a first (full) sync finds.
 */
export type ArrivedMail = {
  threadId: string
  messageId: string
  fromName: string
  fromEmail: string
  subject: string
}
