import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { DEFAULT_GREETING, DEFAULT_SIGNOFF } from '../../contract/options.js'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`)

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').unique(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  googleId: text('google_id').unique(),
  // OAuth tokens are AES-256-GCM ciphertexts (lib/crypto.ts), never plain text.
  gmailAccessToken: text('gmail_access_token'),
  gmailRefreshToken: text('gmail_refresh_token'),
  gmailTokenExpiresAt: timestamp('gmail_token_expires_at', { withTimezone: true }),
  gmailConnected: boolean('gmail_connected').notNull().default(false),
  plan: text('plan', { enum: ['free', 'pro'] })
    .notNull()
    .default('free'),
  proExpiration: timestamp('pro_expiration', { withTimezone: true }),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  // Copied from the subscription that grants Pro (stripe_subscriptions), so the plan is read
  // with the user row: its Stripe status ('past_due' shows the banner) and whether it renews.
  subscriptionStatus: text('subscription_status'),
  proRenews: boolean('pro_renews').notNull().default(false),
  aiEmailsUsedThisMonth: integer('ai_emails_used_this_month').notNull().default(0),
  lastUsageReset: timestamp('last_usage_reset', { withTimezone: true }).notNull().defaultNow(),
  hasCompletedOnboarding: boolean('has_completed_onboarding').notNull().default(false),
  hasSeenTutorial: boolean('has_seen_tutorial').notNull().default(false),
  createdAt: createdAt(),
})

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // When the session was last used: it ends after SESSION_IDLE_DAYS without use, as well
    // as at expiresAt. Written at most every few minutes, not on every request.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  aiSuggestions: boolean('ai_suggestions').notNull().default(true),
  defaultTone: text('default_tone').notNull().default('professional'),
  defaultLanguage: text('default_language').notNull().default('english'),
  emailTheme: text('email_theme').notNull().default('minimal'),
  priorityDisplay: text('priority_display').notNull().default('colors'),
  animationsEnabled: boolean('animations_enabled').notNull().default(true),
  compactView: boolean('compact_view').notNull().default(false),
  autoRefresh: boolean('auto_refresh').notNull().default(true),
  soundNotifications: boolean('sound_notifications').notNull().default(false),
  /** Seconds a sent message waits, cancellable, before it goes (0 = off); Gmail's default 5. */
  undoSendSeconds: integer('undo_send_seconds').notNull().default(5),
  /** New mail, replies and forwards start with the Gmail signature (issue 28). */
  useGmailSignature: boolean('use_gmail_signature').notNull().default(true),
  /** Where archive or delete inside an open conversation goes: back to the list, as Gmail. */
  afterArchive: text('after_archive').notNull().default('list'),
  updatedAt: updatedAt(),
})

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    avatar: text('avatar'),
    tone: text('tone').notNull().default('professional'),
    formality: text('formality').notNull().default('formal'),
    language: text('language').notNull().default('english'),
    greeting: text('greeting').notNull().default(DEFAULT_GREETING),
    signoff: text('signoff').notNull().default(DEFAULT_SIGNOFF),
    memory: text('memory'),
    context: text('context'),
    /** Pro: the writing profile drafts to this contact use instead of the default one. */
    writingProfileId: uuid('writing_profile_id').references(() => writingProfiles.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contacts_user_email_uq').on(t.userId, sql`lower(${t.email})`)],
)

export const writingProfiles = pgTable(
  'writing_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    tone: text('tone').notNull().default('professional'),
    style: text('style').notNull().default('concise'),
    vocabulary: text('vocabulary').notNull().default('standard'),
    sentenceStructure: text('sentence_structure').notNull().default('mixed'),
    personalityTraits: textList('personality_traits'),
    commonPhrases: textList('common_phrases'),
    avoidPhrases: textList('avoid_phrases'),
    signatureStyle: text('signature_style'),
    exampleText: text('example_text'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('writing_profiles_user_id_idx').on(t.userId),
    // At most one default profile per user, enforced by the database itself.
    uniqueIndex('writing_profiles_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
)

export const aiDrafts = pgTable(
  'ai_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    writingProfileId: uuid('writing_profile_id').references(() => writingProfiles.id, {
      onDelete: 'set null',
    }),
    userInput: text('user_input').notNull(),
    aiDraft: text('ai_draft').notNull(),
    finalVersion: text('final_version'),
    subject: text('subject'),
    /** draft (written, or being written), sent, cancelled (partial text kept), failed. */
    status: text('status', { enum: ['draft', 'sent', 'cancelled', 'failed'] })
      .notNull()
      .default('draft'),
    /** generate-email or smart-reply. */
    kind: text('kind').notNull().default('generate-email'),
    /** Everything the prompt was built from (request, preferences, profile, conversation). */
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    /** The Gmail thread the draft belongs to, when known. */
    threadId: text('thread_id'),
    provider: text('provider'),
    model: text('model'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    /** From the click to the last word, in milliseconds. */
    latencyMs: integer('latency_ms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ai_drafts_user_id_idx').on(t.userId)],
)

/**
 * Inkwell's cache of the user's Gmail threads (the sync engine fills it). Each row also
 * carries what the inbox list needs from the thread's latest message, so the list is one
 * indexed read.
 */
export const emailThreads = pgTable(
  'email_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: text('thread_id').notNull(),
    subject: text('subject').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    participants: textList('participants'),
    lastMessageDate: timestamp('last_message_date', { withTimezone: true }).notNull(),
    /** Gmail id of the latest message, whose fields the list shows. */
    latestMessageId: text('latest_message_id').notNull(),
    messageCount: integer('message_count').notNull().default(1),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    isRead: boolean('is_read').notNull().default(true),
    isStarred: boolean('is_starred').notNull().default(false),
    /** Union of the messages' Gmail label ids. */
    labels: textList('labels'),
    historyId: text('history_id'),
    /**
     * Some message is cached with its headers only (the cold first page, decision 023): the
     * thread is fetched whole when opened, or by the rest of the sync; `messageCount` counts
     * only the messages cached so far.
     */
    metadataOnly: boolean('metadata_only').notNull().default(false),
    /**
     * The number (from `mail_local_changes`) of the user's last action on the thread: a sync's
     * copy of the thread fetched before it would undo it, and is not written (decision 039).
     */
    localChange: bigint('local_change', { mode: 'number' }).notNull().default(0),
    /**
     * When a snooze brought the thread back at its time (issue 28): it sits at the top of the
     * Inbox from then, marked Snoozed, as in Gmail. Cleared when it is snoozed again.
     */
    snoozedBackAt: timestamp('snoozed_back_at', { withTimezone: true }),
    /**
     * Where the list puts the thread: its last message, or a snooze's return if later. Computed
     * by PostgreSQL (greatest ignores a null), so no writer can let the two disagree.
     */
    listDate: timestamp('list_date', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`greatest(last_message_date, snoozed_back_at)`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_threads_user_thread_uq').on(t.userId, t.threadId),
    index('email_threads_user_list_date_idx').on(t.userId, t.listDate.desc(), t.threadId.desc()),
    index('email_threads_labels_idx').using('gin', t.labels),
  ],
)

export type StoredAttachment = {
  attachmentId: string
  filename: string
  mimeType: string
  size: number
  /** Content-ID without angle brackets, for parts the HTML shows as `cid:` (decision 037). */
  contentId?: string
}

/** PostgreSQL's full-text document type: written by the database, never read by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * How much of a body the search index holds: a tsvector may not pass 1 MB, and one that would
 * fails the row's insert. 100,000 characters (some 30 pages) stay under it for any text.
 */
export const SEARCH_BODY_CHARS = 100_000

export const emailMessages = pgTable(
  'email_messages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gmailId: text('gmail_id').notNull(),
    threadId: text('thread_id').notNull(),
    historyId: text('history_id'),
    internalDate: timestamp('internal_date', { withTimezone: true }).notNull(),
    labels: textList('labels'),
    snippet: text('snippet').notNull().default(''),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromEmail: text('from_email').notNull().default(''),
    toHeader: text('to_header').notNull().default(''),
    ccHeader: text('cc_header').notNull().default(''),
    bccHeader: text('bcc_header').notNull().default(''),
    replyTo: text('reply_to').notNull().default(''),
    dateHeader: text('date_header').notNull().default(''),
    messageIdHeader: text('message_id_header').notNull().default(''),
    inReplyTo: text('in_reply_to').notNull().default(''),
    referencesHeader: text('references_header').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Fetched with format=metadata: no body or attachments yet (decision 023). */
    metadataOnly: boolean('metadata_only').notNull().default(false),
    /**
     * What search looks through (decision 024): subject, sender, recipients, snippet and the
     * text body, in the 'simple' configuration (no stemming, so every language matches).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, subject || ' ' || from_name || ' ' || from_email || ' ' || to_header || ' ' || cc_header || ' ' || snippet || ' ' || left(text_body, ${sql.raw(String(SEARCH_BODY_CHARS))}))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gmailId] }),
    index('email_messages_user_thread_idx').on(t.userId, t.threadId),
    index('email_messages_search_idx').using('gin', t.searchVector),
  ],
)

/**
 * Each user's count of listed threads per label, kept by a trigger on email_threads as rows
 * come and go (migration 0006), so a list page never counts the mailbox. A thread in the
 * trash counts only under TRASH, as the lists show it.
 */
export const mailLabelCounts = pgTable(
  'mail_label_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    threads: integer('threads').notNull().default(0),
    /** Of those, the unread ones (migration 0013): the sidebar's counts, never a scan. */
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.label] })],
)

/** Numbers the user's actions on threads, in the order they were done in Gmail (decision 039). */
export const mailLocalChanges = pgSequence('mail_local_changes')

/**
 * A number that grows whenever any of the user's cached threads changes (the same trigger):
 * the list's ETag is built from it without reading a page.
 */
export const mailboxVersions = pgTable('mailbox_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/** Where each user's sync stands; `historyId` is the point incremental syncs resume from. */
export const mailSyncState = pgTable('mail_sync_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  historyId: text('history_id'),
  fullSyncCompletedAt: timestamp('full_sync_completed_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** When the last sync started, however it ended: a failing one is not retried on every read. */
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Gmail ids of user labels by name, e.g. the Follow-up label (decision 031). */
  labelNames: jsonb('label_names').$type<Record<string, string>>().notNull().default({}),
  /**
   * Backfill of the mail older than the sync window (decision 023): the Gmail query it pages
   * through (fixed when it starts, so the page token stays valid), where it stopped, how many
   * threads it listed, the oldest date it reached, and when it was done.
   */
  backfillQuery: text('backfill_query'),
  backfillPageToken: text('backfill_page_token'),
  backfillThreads: integer('backfill_threads').notNull().default(0),
  backfillOldestDate: timestamp('backfill_oldest_date', { withTimezone: true }),
  backfillDoneAt: timestamp('backfill_done_at', { withTimezone: true }),
  /**
   * Seconds the backfill had left at the quota's rate when `backfillThreads` was reached, by the
   * step that reached it (null when unpaced or done): every instance shows the same estimate.
   */
  backfillEtaSeconds: integer('backfill_eta_seconds'),
  /**
   * When the mailbox's Gmail watch was last set up, by whichever instance claimed it
   * (decision 037): one renewal a day per mailbox, however many instances run.
   */
  watchRenewedAt: timestamp('watch_renewed_at', { withTimezone: true }),
  /**
   * The default send-as address's Gmail signature (HTML) and when it was read, so it is read
   * again now and then rather than on every compose (issue 28).
   */
  signatureHtml: text('signature_html'),
  signatureFetchedAt: timestamp('signature_fetched_at', { withTimezone: true }),
})

/** The user's Gmail labels as last read from Gmail: names, kinds and colours (issue 28). */
export const mailLabels = pgTable(
  'mail_labels',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    labelId: text('label_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['system', 'user'] }).notNull(),
    backgroundColor: text('background_color'),
    textColor: text('text_color'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.labelId] })],
)

/**
 * Snoozed conversations (issue 28): Gmail has no snooze, so the state is kept here and
 * mirrored by a Gmail label; a queued job brings each back at `until`.
 */
export const mailSnoozes = pgTable(
  'mail_snoozes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: text('thread_id').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.threadId] }),
    index('mail_snoozes_until_idx').on(t.until),
  ],
)

/**
 * Mail that waits to be sent (issue 24): Send later, and the Undo send window. The message
 * is a Gmail draft until `sendAt`; a queued job sends it once, on any instance.
 */
export const scheduledSends = pgTable(
  'scheduled_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['later', 'undo'] }).notNull(),
    /** The Gmail draft that holds the message (text, attachments, thread) until it goes. */
    draftId: text('draft_id').notNull(),
    threadId: text('thread_id'),
    to: textList('to'),
    subject: text('subject').notNull().default(''),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    /** What the send needs besides the draft: the AI draft record, the idempotency claim. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Why a send failed at its time, said to the user in Scheduled. */
    error: text('error'),
    sentMessageId: text('sent_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_sends_user_status_idx').on(t.userId, t.status, t.sendAt),
    index('scheduled_sends_send_at_idx').on(t.sendAt),
  ],
)

/** The user's own e-mail templates (issue 24, Pro); the built-in ones live in code. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_templates_user_id_idx').on(t.userId)],
)

/**
 * Each user's Gmail quota bucket, shared by every instance: `tokens` as of `updatedAt`,
 * refilled at the configured rate when read (docs/decisions/019).
 */
export const gmailQuota = pgTable('gmail_quota', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokens: doublePrecision('tokens').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Messages Gmail has that the cache could not store (decision 006): each is skipped, with the
 * reason (an error code, never content), so one bad message cannot stop a sync. A thread's
 * rows are rewritten whenever the thread is fetched again, so a message stored later leaves.
 */
export const mailSkippedMessages = pgTable(
  'mail_skipped_messages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gmailId: text('gmail_id').notNull(),
    threadId: text('thread_id').notNull(),
    /** Why, as a code: `sqlstate:22021`, `unreadable:RangeError`... */
    reason: text('reason').notNull(),
    skippedAt: timestamp('skipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gmailId] }),
    index('mail_skipped_messages_user_thread_idx').on(t.userId, t.threadId),
  ],
)

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for a ticket sent signed out. A signed-in author's tickets go with the account
    // (decisions 035 and 016): they hold the author's words, name and address.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: text('priority').notNull().default('medium'),
    subject: text('subject'),
    message: text('message').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    url: text('url'),
    userAgent: text('user_agent'),
    status: text('status').notNull().default('open'),
    /** Filed by a Pro user: the admin list puts it first (issue 24). */
    prioritySupport: boolean('priority_support').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('tickets_status_idx').on(t.status)],
)

/**
 * Each Stripe subscription as the webhooks last described it. `lastEventAt` is the creation
 * time of the newest event applied: an older one arriving late changes nothing.
 */
export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Stripe's cancellation reason; 'payment_failed' ends access at once. */
    cancellationReason: text('cancellation_reason'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('stripe_subscriptions_user_id_idx').on(t.userId)],
)

/**
 * Ids of the Stripe events already processed, so a redelivered event is a no-op. Kept after
 * an account is deleted (they hold no personal data), so replays stay harmless.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect

/**
 * Rate-limit windows shared by every instance (decision 021): one row per route and client,
 * keyed by a hash so no address is stored. A row whose window has ended is reused.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
)

/**
 * Sends by idempotency key (issue 22): a retry with the same key answers the first send's
 * result and sends nothing again. `messageId` is the RFC 5322 Message-ID the send stamps, so a
 * retry after a crash between Gmail's answer and ours finds the message in Gmail's Sent.
 * Kept for 24 hours.
 */
export const sendRequests = pgTable(
  'send_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** A hash of what was asked to be sent: the same key with another message is refused. */
    requestHash: text('request_hash').notNull(),
    messageId: text('message_id').notNull(),
    /** The answer given, once Gmail has accepted the message; null while it is being sent. */
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('send_requests_created_at_idx').on(t.createdAt),
  ],
)

/**
 * The running server instances and when each last said it was alive (lib/job-leases.ts): a
 * job held by an instance that stopped beating is taken back and retried.
 */
export const appInstances = pgTable('app_instances', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Which instance runs each active job (pg-boss's own table does not say). */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    instanceId: uuid('instance_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_leases_instance_id_idx').on(t.instanceId)],
)
