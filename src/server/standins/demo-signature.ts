import { DEMO_ACCOUNTS } from './demo-accounts.js'

/** Gmail's `SendAs` resource, as far as a demo account's own address fills it. */
export type DemoSendAs = {
  sendAsEmail: string
  displayName: string
  replyToAddress: string
  signature: string
  isPrimary: true
  isDefault: true
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A demo account's Gmail signature, in the HTML Gmail's signature editor stores: the name in
 * bold, then a line under it.
 */
export function demoSignatureHtml(name: string): string {
  return `<div dir="ltr"><div><b>${escapeHtml(name)}</b></div><div>Inkwell demo</div></div>`
}

/** A path segment decoded; as it is when it is not valid percent-encoding. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const SEND_AS_LIST = /^\/gmail\/v1\/users\/([^/]+)\/settings\/sendAs$/

/**
 * Gmail's answer to `users.settings.sendAs.list` for a demo account: its own address, primary
 * and default, with a signature, so the demo shows what a Gmail signature does. emulate
 * answers the list too, always with an empty signature, and cannot be given one (no seed, no
 * update). Null for any other request, user id or account: emulate answers those.
 */
export function demoSendAsAnswer(
  method: string | undefined,
  pathname: string,
  ownerEmail: string,
): { sendAs: DemoSendAs[] } | null {
  if (method !== 'GET') return null
  const userId = SEND_AS_LIST.exec(pathname)?.[1]
  if (!userId) return null
  const owner = ownerEmail.toLowerCase()
  if (userId !== 'me' && decoded(userId).toLowerCase() !== owner) return null
  const account = DEMO_ACCOUNTS.find((a) => a.email === owner)
  if (!account) return null
  return {
    sendAs: [
      {
        sendAsEmail: account.email,
        displayName: account.name,
        // Gmail's primary address has no reply-to of its own unless the user set one.
        replyToAddress: '',
        signature: demoSignatureHtml(account.name),
        isPrimary: true,
        isDefault: true,
      },
    ],
  }
}
