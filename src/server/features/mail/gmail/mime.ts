import MailComposer from 'nodemailer/lib/mail-composer'

export type OutgoingMessage = {
  from: { name: string; address: string }
  to: string
  cc?: string
  bcc?: string
  subject: string
  text: string
  inReplyTo?: string
  references?: string
  /** The Message-ID to stamp (an idempotent send's); nodemailer makes one up otherwise. */
  messageId?: string
  attachments: { filename: string; mimeType: string; content: Buffer }[]
}

/**
 * The RFC 822 message Gmail's send and drafts calls take, base64url-encoded. nodemailer's
 * composer does the MIME: UTF-8 names and subjects encoded, attachments in multipart/mixed.
 */
export async function buildRawMessage(message: OutgoingMessage): Promise<string> {
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    cc: message.cc || undefined,
    bcc: message.bcc || undefined,
    subject: message.subject,
    text: message.text,
    inReplyTo: message.inReplyTo || undefined,
    references: message.references || undefined,
    messageId: message.messageId,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.mimeType,
      content: a.content,
    })),
  })
  const node = composer.compile()
  // Gmail reads Bcc from the message to deliver it, then strips it.
  node.keepBcc = true
  const buffer = await node.build()
  return buffer.toString('base64url')
}
