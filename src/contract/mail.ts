import { z } from 'zod'

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
})
export type Attachment = z.infer<typeof AttachmentSchema>

/** What the inbox shows of one message (spec section 3), shared by threads and messages. */
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
 * A thread as the inbox shows it (spec section 3): the fields describe its latest message.
 * In the list, `htmlBody` is null (fetch the thread for it) and `body`/`textBody` are the
 * latest message's text, cut to 500 characters (the list stays light; the viewer loads the rest).
 */
export const ThreadSchema = MessageViewSchema.extend({
  id: z.string(),
  messageCount: z.number().int(),
  hasAttachments: z.boolean(),
})
export type Thread = z.infer<typeof ThreadSchema>

export const ThreadListQuerySchema = z.object({
  /** Server-side search over the whole cached mailbox ("Search all mail", D9). */
  q: z.string().trim().max(200).optional(),
  /** A Gmail label id to list; the inbox is INBOX. */
  label: gmailId(100).default('INBOX'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
})

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

/** The user label that "Flag for follow-up" applies (D3). */
export const FOLLOW_UP_LABEL = 'Follow-up'

export type LabelChange = { add: string[]; remove: string[] }

/**
 * The labels each action adds and removes, as Gmail applies them (D3): the one rule the
 * server's cache, the list's optimistic update and the viewer all follow. The Follow-up
 * label is a user label: the server knows it by its Gmail id, the app by its name.
 */
export function labelChange(action: ThreadAction, followUpLabel = FOLLOW_UP_LABEL): LabelChange {
  switch (action) {
    case 'archive':
      return { add: [], remove: ['INBOX'] }
    case 'unarchive':
      return { add: ['INBOX'], remove: [] }
    case 'star':
      return { add: ['STARRED'], remove: [] }
    case 'unstar':
      return { add: [], remove: ['STARRED'] }
    case 'read':
      return { add: [], remove: ['UNREAD'] }
    case 'unread':
      return { add: ['UNREAD'], remove: [] }
    // Gmail's trash takes a thread out of the inbox; taking it out of the trash puts it back.
    case 'trash':
      return { add: ['TRASH'], remove: ['INBOX'] }
    case 'untrash':
      return { add: ['INBOX'], remove: ['TRASH'] }
    case 'flag':
      return { add: [followUpLabel], remove: [] }
    case 'unflag':
      return { add: [], remove: [followUpLabel] }
  }
}

/** `labels` after `change`, each label once. */
export function applyLabelChange(labels: readonly string[], change: LabelChange): string[] {
  const kept = labels.filter((l) => !change.remove.includes(l))
  return [...kept, ...change.add.filter((l) => !kept.includes(l))]
}

/** Gmail's limit for one message, attachments included (D6). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024

/**
 * Splits an address list at commas and semicolons outside quoted names (where `\"` escapes a
 * quote) and angle brackets: 'Sam <sam@x.io>, "Doe, Jo" <jo@y.io>; kim@z.io' → three entries.
 */
export function splitAddressList(list: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  let bracketed = false
  for (let i = 0; i < list.length; i++) {
    const char = list[i]!
    if (quoted && char === '\\') {
      current += char + (list[++i] ?? '')
      continue
    }
    if (char === '"') quoted = !quoted
    else if (!quoted && char === '<') bracketed = true
    else if (!quoted && char === '>') bracketed = false
    else if (!quoted && !bracketed && (char === ',' || char === ';')) {
      parts.push(current)
      current = ''
      continue
    }
    current += char
  }
  return [...parts, current].map((part) => part.trim()).filter(Boolean)
}

const EmailAddressSchema = z.email()

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
        const address = /<([^<>]*)>$/.exec(entry)?.[1] ?? entry
        if (!EmailAddressSchema.safeParse(address.trim()).success) {
          const which = entries.length > 1 ? ` ${index + 1} of ${entries.length}` : ''
          const message = `${label}: recipient${which} is not an e-mail address`
          ctx.addIssue({ code: 'custom', message, input: list })
        }
      })
    })

export const OutgoingAttachmentSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  mimeType: z.string().max(255).default('application/octet-stream'),
  /** The file's bytes in base64. */
  contentBase64: z.string().max(Math.ceil((MAX_MESSAGE_BYTES * 4) / 3) + 4),
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
  /** Gmail draft to delete once sent. */
  draftId: gmailId().optional(),
  /** The AiDraft the message was written from: sending records its final version (D13). */
  aiDraftId: z.uuid('Not a valid AI draft id').optional(),
})
export type SendEmailInput = z.input<typeof SendEmailSchema>
export const SendEmailResultSchema = z.object({ id: z.string(), threadId: z.string() })

/** POST /api/gmail/drafts: creates, or updates when draftId is given. */
export const SaveDraftSchema = SendEmailSchema.extend({
  to: recipients('To').default(''),
  subject: z.string().trim().max(998).default(''),
  body: z.string().max(2_000_000).default(''),
})
export const SaveDraftResultSchema = z.object({ draftId: z.string() })

export const UnreadCountSchema = z.object({ count: z.number().int() })
export const SyncResultSchema = z.object({ changed: z.number().int(), full: z.boolean() })
