import type { FastifyBaseLogger } from 'fastify'
import { MAX_MESSAGE_BYTES } from '../../../../contract/mail.js'
import type { UserRow } from '../../../db/schema.js'
import { BadRequest, NotFound, UpstreamError } from '../../../lib/errors.js'
import type { GmailAccess } from '../gmail/access.js'
import type { GmailSession } from '../gmail/session.js'
import { buildRawMessage } from '../gmail/mime.js'
import type { MailRepository } from '../store/repository.js'
import { createSendOnce } from './send-once.js'
import type { SendRequestsRepository, SentMessage } from '../store/send-requests-repository.js'
import type { MailSync } from '../sync/sync.js'

/** A message to send or save as a draft, as the send and drafts routes take it. */
/** Told about each message Gmail accepted that was written from an AI draft (decision 034). */
export type OnSent = (
  user: UserRow,
  sent: { aiDraftId: string; body: string; to: string; subject: string },
) => Promise<void>

export type Outgoing = {
  to: string
  cc?: string
  bcc?: string
  subject: string
  body: string
  threadId?: string
  replyToMessageId?: string
  attachments: { filename: string; mimeType: string; contentBase64: string }[]
  forwardedAttachments?: { messageId: string; attachmentId: string }[]
  draftId?: string
}

/**
 * Mail leaving the mailbox: the message built from what the editor sent (replies threaded,
 * forwarded files fetched from Gmail), sent (once per idempotency key) or saved as a draft.
 */
export function createOutgoingMail(deps: {
  repo: MailRepository
  sync: MailSync
  gmailFor: GmailAccess['forUser']
  /** Tells the user's open apps that these threads changed. */
  announceChange: (userId: string, threadIds: string[]) => Promise<void>
  sendRequests: SendRequestsRepository
  log: FastifyBaseLogger
}) {
  const { repo, sync, gmailFor, announceChange, log } = deps

  /**
   * The bytes of attachments a forward carries on (decision 037), fetched from Gmail. Each must
   * be an attachment of a message in this user's cache: an id from elsewhere is refused before
   * Gmail is asked, so no one can mail themselves another mailbox's files.
   */
  async function forwardedFiles(user: UserRow, wanted: Outgoing['forwardedAttachments'] = []) {
    const found = []
    for (const [index, { messageId, attachmentId }] of wanted.entries()) {
      const message = await repo.getMessage(user.id, messageId)
      const meta = message?.attachments.find((a) => a.attachmentId === attachmentId)
      if (!meta) {
        throw new BadRequest(
          `forwardedAttachments.${index}: is not an attachment of a message in your mailbox`,
          'bad_attachment',
        )
      }
      found.push({ messageId, attachmentId, meta })
    }
    const gmail = gmailFor(user)
    return Promise.all(
      found.map(async ({ messageId, attachmentId, meta }) => {
        const body = await gmail.messages.getAttachment(
          messageId,
          attachmentId,
          `The attachment ${meta.filename || ''} no longer exists in Gmail`,
        )
        return {
          filename: meta.filename || 'attachment',
          mimeType: meta.mimeType,
          content: Buffer.from(body.data ?? '', 'base64url'),
        }
      }),
    )
  }

  async function composeRaw(user: UserRow, input: Outgoing, messageId?: string) {
    const attachments = [
      ...input.attachments.map((a) => ({
        filename: a.filename,
        mimeType: a.mimeType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
      ...(await forwardedFiles(user, input.forwardedAttachments)),
    ]
    const bytes =
      attachments.reduce((sum, a) => sum + a.content.length, 0) + Buffer.byteLength(input.body)
    if (bytes > MAX_MESSAGE_BYTES) {
      throw new BadRequest(
        'The message is larger than Gmail allows (25 MB with attachments)',
        'too_large',
      )
    }
    let threadId = input.threadId
    let inReplyTo: string | undefined
    let references: string | undefined
    if (input.replyToMessageId) {
      const original = await repo.getMessage(user.id, input.replyToMessageId)
      if (!original) throw new NotFound('The message you are replying to is not in this mailbox')
      threadId ??= original.threadId
      inReplyTo = original.messageIdHeader
      references = [original.referencesHeader, original.messageIdHeader].filter(Boolean).join(' ')
    }
    const raw = await buildRawMessage({
      from: { name: user.name, address: user.email },
      to: input.to,
      cc: input.cc,
      bcc: input.bcc,
      subject: input.subject,
      text: input.body,
      inReplyTo,
      references,
      messageId,
      attachments,
    })
    return { raw, threadId }
  }

  /** Sends now; `messageId` stamps the message (an idempotent send's, send-once.ts). */
  async function sendNow(user: UserRow, input: Outgoing, messageId?: string): Promise<SentMessage> {
    const gmail = gmailFor(user)
    const { raw, threadId } = await composeRaw(user, input, messageId)
    const sent = await gmail.messages.send(
      { raw, threadId },
      'The conversation you are replying to no longer exists in Gmail',
    )
    if (!sent.id || !sent.threadId) {
      throw new UpstreamError('Gmail accepted the message without saying its id')
    }
    const message = { id: sent.id, threadId: sent.threadId }
    await delivered(user.id, gmail, message, input.draftId)
    return message
  }

  /**
   * After Gmail accepted a message: its draft deleted, its thread cached and the user's open
   * apps told, so Sent shows it (an immediate send, and a scheduled one at its time).
   */
  async function delivered(
    userId: string,
    gmail: GmailSession,
    sent: SentMessage,
    draftId?: string,
  ): Promise<void> {
    if (draftId) {
      await gmail.drafts.delete(draftId).catch((error: unknown) => {
        // Already gone is what we wanted; anything else leaves a stray draft behind.
        if (!(error instanceof NotFound)) log.warn({ err: error }, 'deleting the sent draft failed')
      })
    }
    await sync
      .refreshThread(gmail, userId, sent.threadId)
      .catch((error: unknown) =>
        log.warn({ err: error }, 'caching the sent message failed; the next sync brings it'),
      )
    await announceChange(userId, [sent.threadId])
  }

  /** The message with this Message-ID in the user's Gmail (sent, or anywhere), if any. */
  async function findSent(user: UserRow, messageId: string): Promise<SentMessage | null> {
    const found = await gmailFor(user).messages.list({
      q: `rfc822msgid:${messageId.replace(/[<>]/g, '')}`,
      includeSpamTrash: true,
      maxResults: 1,
    })
    const message = found.messages?.[0]
    return message?.id && message.threadId ? { id: message.id, threadId: message.threadId } : null
  }

  const sendOnce = createSendOnce<Outgoing>({ repo: deps.sendRequests, sendNow, findSent })

  return {
    /**
     * Sends `input`; with an idempotency key, once for that key (send-once.ts): a retry
     * answers the first send's result, `replayed`.
     */
    async send(
      user: UserRow,
      input: Outgoing,
      idempotencyKey?: string,
    ): Promise<{ sent: SentMessage; replayed: boolean }> {
      if (!idempotencyKey) return { sent: await sendNow(user, input), replayed: false }
      return sendOnce(user, idempotencyKey, input)
    },

    delivered,

    /**
     * Saves `input` as a Gmail draft; `messageId` stamps it (a scheduled send's, decision 053).
     * Answers the draft and the conversation it belongs to (a reply's, found from the message
     * it answers).
     */
    async saveDraft(
      user: UserRow,
      input: Outgoing,
      messageId?: string,
    ): Promise<{ draftId: string; threadId: string | null }> {
      const gmail = gmailFor(user)
      const { raw, threadId } = await composeRaw(user, input, messageId)
      const draft = await gmail.drafts.save(
        { raw, threadId },
        input.draftId,
        input.draftId
          ? 'This draft, or the conversation it answers, no longer exists in Gmail'
          : 'The conversation this draft answers no longer exists in Gmail',
      )
      if (!draft.id) throw new UpstreamError('Gmail saved the draft without saying its id')
      return { draftId: draft.id, threadId: threadId ?? null }
    },
  }
}
