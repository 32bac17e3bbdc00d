import type { StoredAttachment } from '../../../db/schema.js'

/** A Gmail message read into the shape Inkwell keeps: what parse.ts makes and storable.ts caps. */
export type ParsedMessage = {
  gmailId: string
  threadId: string
  historyId: string | null
  internalDate: Date
  labels: string[]
  snippet: string
  subject: string
  fromName: string
  fromEmail: string
  toHeader: string
  ccHeader: string
  bccHeader: string
  replyTo: string
  dateHeader: string
  messageIdHeader: string
  inReplyTo: string
  referencesHeader: string
  textBody: string
  htmlBody: string | null
  attachments: StoredAttachment[]
}
