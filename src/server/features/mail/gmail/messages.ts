import type { GmailCall } from './call.js'
import type { ListQuery, RawMessage } from './types.js'

/** Gmail's messages (`users.messages`): listed, their headers, their attachments, a send. */
export function gmailMessages(call: GmailCall) {
  return {
    list(query: ListQuery & { includeSpamTrash?: boolean }) {
      return call('messagesList', (api) => api.users.messages.list({ userId: 'me', ...query }))
    },

    getHeaders(id: string, metadataHeaders: string[]) {
      return call('messagesGet', (api) =>
        api.users.messages.get({ userId: 'me', id, format: 'metadata', metadataHeaders }),
      )
    },

    getAttachment(messageId: string, attachmentId: string, notFound?: string) {
      return call(
        'attachmentsGet',
        (api) => api.users.messages.attachments.get({ userId: 'me', messageId, id: attachmentId }),
        { notFound },
      )
    },

    /**
     * Adds and removes labels on up to 1,000 messages in one call (50 units), what a
     * selection's action uses instead of a modify per conversation.
     */
    batchModify(ids: string[], add: string[], remove: string[]) {
      return call('messagesBatchModify', (api) =>
        api.users.messages.batchModify({
          userId: 'me',
          requestBody: { ids, addLabelIds: add, removeLabelIds: remove },
        }),
      )
    },

    /**
     * Sends a message. Never retried after a 5xx or a dropped connection, which may come after
     * the mail went out (decision 044): only after a 429, when Gmail did nothing.
     */
    send(message: RawMessage, notFound?: string) {
      return call(
        'messagesSend',
        (api) => api.users.messages.send({ userId: 'me', requestBody: message }),
        { notFound, notIdempotent: true },
      )
    },
  }
}

export type GmailMessages = ReturnType<typeof gmailMessages>
