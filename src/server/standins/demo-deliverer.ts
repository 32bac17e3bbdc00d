import type { Grant, StandInMemory } from './google-memory.js'
import { localRecipients, withoutBcc } from './demo-delivery.js'

/**
 * The demo's mail delivery (decision 056), which the Google guard calls after each send it
 * forwarded: what a stand-in account sends to others of its accounts is imported into each
 * one's mailbox with INBOX and UNREAD, as Gmail files received mail, through emulate's own
 * Gmail API as that account, journaled as its change so a restart keeps it, and told to
 * `onDelivered`, as Gmail's push would. Who receives it and without which header:
 * demo-delivery.ts.
 */
export function createDemoDeliverer(options: {
  /** Where emulate answers now. */
  upstream: () => string
  /** The stand-in's accounts: mail sent to one of them is delivered to it. */
  accounts: readonly string[]
  memory?: StandInMemory
  /** Told after mail was delivered into `email`'s Inbox (the demo's stand-in for push). */
  onDelivered?: (email: string) => void
  /** New tokens for `grant`'s account from emulate, as the guard issues them. */
  issueFor: (grant: Grant) => Promise<{ accessToken: string; expiresIn: number }>
}) {
  const { memory } = options
  /** Access tokens held to deliver into an account's mailbox, with their expiry. */
  const deliveryTokens = new Map<string, { token: string; until: number }>()

  async function deliveryToken(email: string): Promise<string> {
    const held = deliveryTokens.get(email)
    if (held && held.until > Date.now()) return held.token
    const { accessToken, expiresIn } = await options.issueFor({
      email,
      scope: 'https://mail.google.com/',
    })
    deliveryTokens.set(email, { token: accessToken, until: Date.now() + (expiresIn - 60) * 1000 })
    return accessToken
  }

  return {
    /**
     * Delivers what `sender` just sent (the body of its `messages.send`) to the stand-in's
     * accounts it names. A delivery that fails leaves the send as it is.
     */
    async deliver(sender: string, requestBody: Buffer): Promise<void> {
      let mime: string
      try {
        const { raw } = JSON.parse(requestBody.toString('utf8')) as { raw?: unknown }
        if (typeof raw !== 'string') return
        mime = Buffer.from(raw, 'base64url').toString('utf8')
      } catch {
        return
      }
      for (const recipient of localRecipients(mime, sender, options.accounts)) {
        try {
          const body = Buffer.from(
            JSON.stringify({
              raw: Buffer.from(withoutBcc(mime), 'utf8').toString('base64url'),
              labelIds: ['INBOX', 'UNREAD'],
            }),
          )
          const url = '/gmail/v1/users/me/messages/import'
          const answer = await fetch(`${options.upstream()}${url}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${await deliveryToken(recipient)}`,
              'content-type': 'application/json',
            },
            body,
          })
          await answer.arrayBuffer()
          if (!answer.ok) continue
          memory?.record({
            email: recipient,
            method: 'POST',
            url,
            contentType: 'application/json',
            body: body.toString('base64'),
          })
          options.onDelivered?.(recipient)
        } catch {
          // The next recipient may still be reached.
        }
      }
    },
  }
}

export type DemoDeliverer = ReturnType<typeof createDemoDeliverer>
