import { createHash } from 'node:crypto'
import type { UserRow } from '../../../db/schema.js'
import { Conflict } from '../../../lib/errors.js'
import type { SendRequestsRepository, SentMessage } from '../store/send-requests-repository.js'

/**
 * A claim with no answer is taken for a send still under way this long: Gmail's send call
 * times out after 60 s, and the draft clean-up and caching after it take a few more.
 */
const IN_FLIGHT_SECONDS = 90

/**
 * The Message-ID a send with `key` stamps: the same for every retry with that key, so a retry
 * can ask Gmail whether the message is already there. Hashed, so the key is not in the mail.
 */
export function messageIdFor(user: UserRow, key: string): string {
  const digest = createHash('sha256').update(`${user.id}\n${key}`).digest('hex').slice(0, 40)
  const domain = user.email.split('@')[1] || 'inkwell.invalid'
  return `<${digest}.inkwell@${domain}>`
}

/**
 * Send, once per idempotency key (issue 22, decision 044): the web app sends an
 * `Idempotency-Key` with every send, and a retry with it (the answer was lost, the server
 * died mid-send) answers the first send's result instead of sending again.
 *
 * The key is claimed in PostgreSQL before the message goes to Gmail, and completed with
 * Gmail's answer. A claim left without an answer (a crash between Gmail's answer and ours, a
 * timeout) is settled by asking Gmail for the message by its Message-ID: there, it is answered
 * as sent; not there, it is sent.
 */
export function createSendOnce<Request>(deps: {
  repo: SendRequestsRepository
  /** Sends `request` now, stamping `messageId`. */
  sendNow: (user: UserRow, request: Request, messageId: string) => Promise<SentMessage>
  /** The message with this Message-ID in the user's Gmail, if any. */
  findSent: (user: UserRow, messageId: string) => Promise<SentMessage | null>
}) {
  return async function sendOnce(
    user: UserRow,
    key: string,
    request: Request,
  ): Promise<{ sent: SentMessage; replayed: boolean }> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('base64url')
    const claim = await deps.repo.claim(user.id, key, requestHash, messageIdFor(user, key))
    if (claim.requestHash !== requestHash) {
      throw new Conflict(
        'This Idempotency-Key was already used to send a different message',
        'idempotency_key_reused',
      )
    }
    if (claim.result) return { sent: claim.result, replayed: true }
    if (!claim.created) {
      const found = await deps.findSent(user, claim.messageId)
      if (found) {
        await deps.repo.complete(user.id, key, found)
        return { sent: found, replayed: true }
      }
      if (!(await deps.repo.takeOver(user.id, key, IN_FLIGHT_SECONDS))) {
        throw new Conflict(
          'This message is still being sent; try again in a few seconds',
          'send_in_progress',
        )
      }
    }
    let sent: SentMessage
    try {
      sent = await deps.sendNow(user, request, claim.messageId)
    } catch (error) {
      // Gmail may have it anyway (its answer lost): a retry looks before sending again.
      await deps.repo.release(user.id, key).catch(() => {})
      throw error
    }
    await deps.repo.complete(user.id, key, sent)
    return { sent, replayed: false }
  }
}
