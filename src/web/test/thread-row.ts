import type { Thread } from '../../contract/mail'

/** A list row as the API sends it: read, unstarred, one message, no headers; `fields` override. */
export function listThread(fields: Partial<Thread> & Pick<Thread, 'id'>): Thread {
  return {
    subject: `Subject ${fields.id}`,
    snippet: '',
    hasHtml: false,
    sender: { name: `Sender ${fields.id}`, email: `${fields.id}@example.com` },
    recipient: '',
    cc: '',
    timestamp: '2025-06-10T12:00:00.000Z',
    labels: ['INBOX'],
    isUnread: false,
    isStarred: false,
    headers: {
      from: '',
      to: '',
      cc: '',
      bcc: '',
      date: '',
      subject: '',
      messageId: '',
      replyTo: '',
    },
    participants: [],
    messageCount: 1,
    hasAttachments: false,
    ...fields,
  }
}
