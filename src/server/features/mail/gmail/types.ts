import type { gmail_v1 } from '@googleapis/gmail'

/*
 * Gmail's shapes, under names the rest of mail uses: only this room imports the Gmail
 * client library (eslint.config.js), so a Gmail type is reached through here.
 */
export type GmailMessage = gmail_v1.Schema$Message
export type GmailMessagePart = gmail_v1.Schema$MessagePart
export type GmailHistory = gmail_v1.Schema$History
export type GmailDraft = gmail_v1.Schema$Draft
export type GmailLabel = gmail_v1.Schema$Label
export type GmailWatchRequest = gmail_v1.Schema$WatchRequest

/** How a message list or thread list is narrowed (Gmail's own parameters). */
export type ListQuery = { q?: string; labelIds?: string[]; maxResults: number; pageToken?: string }
/** A raw RFC 822 message, base64url, and the conversation it belongs to. */
export type RawMessage = { raw: string; threadId?: string }
