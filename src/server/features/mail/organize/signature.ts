import type { Signature } from '../../../../contract/labels.js'
import type { UserRow } from '../../../db/schema.js'
import { GmailNotConnected } from '../gmail/call.js'
import type { GmailSession } from '../gmail/session.js'
import { htmlToText } from '../message/parse.js'
import type { SignatureRepository } from '../store/signature-repository.js'

/** How long a signature read from Gmail is used before it is read again (it rarely changes). */
export const SIGNATURE_MAX_AGE_MS = 3_600_000

/**
 * The user's Gmail signature: the default send-as address's (users.settings.sendAs), kept in
 * mail_sync_state and read again when older than an hour or when the user asks (Refresh).
 */
export function createSignatureService(deps: {
  signatures: SignatureRepository
  gmailFor: (user: UserRow) => GmailSession
  now?: () => number
}) {
  const { signatures, gmailFor } = deps
  const now = deps.now ?? Date.now

  async function fromGmail(user: UserRow): Promise<string> {
    const { sendAs = [] } = await gmailFor(user).settings.sendAsList()
    const chosen = sendAs.find((a) => a.isDefault) ?? sendAs.find((a) => a.isPrimary)
    const html = chosen?.signature ?? ''
    await signatures.save(user.id, html)
    return html
  }

  return {
    async get(user: UserRow, options: { refresh: boolean }): Promise<Signature> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      const cached = await signatures.cached(user.id)
      const fresh = cached && now() - cached.fetchedAt.getTime() < SIGNATURE_MAX_AGE_MS
      const html = !options.refresh && fresh ? cached.html : await fromGmail(user)
      return { html, text: htmlToText(html), enabled: await signatures.enabled(user.id) }
    },
  }
}

export type SignatureService = ReturnType<typeof createSignatureService>
