/**
 * Gmail's `rfc822msgid:` search, for the stand-in: emulate 0.12 parses the operator one
 * character short (it compares ":<id>" with the Message-ID), so it never matches. Inkwell asks
 * it to settle a send retried with its idempotency key (decision 044), so the Google guard
 * answers that search itself, from the Message-IDs of the messages sent through it.
 */
export function createSentMessageIndex() {
  /** Per account: Message-ID (without angle brackets, lower case) → Gmail's ids. */
  const sent = new Map<string, Map<string, { id: string; threadId: string }>>()
  const normal = (messageId: string) => messageId.replace(/[<>\s]/g, '').toLowerCase()

  return {
    /** The search's Message-ID, when `url` is a messages.list with an `rfc822msgid:` query. */
    searchedId(url: URL): string | null {
      if (!/^\/gmail\/v1\/users\/[^/]+\/messages$/.test(url.pathname)) return null
      const match = /(?:^|\s)rfc822msgid:(\S+)/i.exec(url.searchParams.get('q') ?? '')
      return match ? normal(match[1]!) : null
    },

    /** Gmail's answer to that search in `email`'s mailbox. */
    answer(email: string, messageId: string) {
      const found = sent.get(email)?.get(messageId)
      return found ? { messages: [found], resultSizeEstimate: 1 } : { resultSizeEstimate: 0 }
    },

    /** True for a send whose request and answer `note` should see. */
    isSend: (method: string | undefined, url: URL) =>
      method === 'POST' && /^\/gmail\/v1\/users\/[^/]+\/messages\/send$/.test(url.pathname),

    /** A send Gmail accepted: its request's raw message and its answer's ids. */
    note(email: string, requestBody: Buffer, answerBody: Buffer): void {
      try {
        const { raw } = JSON.parse(requestBody.toString('utf8')) as { raw?: string }
        const { id, threadId } = JSON.parse(answerBody.toString('utf8')) as {
          id?: string
          threadId?: string
        }
        const head = Buffer.from(raw ?? '', 'base64url')
          .toString('utf8')
          .split(/\r?\n\r?\n/)[0]!
        const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1]
        if (!messageId || !id || !threadId) return
        if (!sent.has(email)) sent.set(email, new Map())
        sent.get(email)!.set(normal(messageId), { id, threadId })
      } catch {
        // Not a send this index can read (an upload of another kind): nothing to remember.
      }
    },
  }
}
