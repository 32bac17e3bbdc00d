import type { GmailCall } from './call.js'

/** Gmail's settings (`users.settings`): the send-as addresses, which carry the signatures. */
export function gmailSettings(call: GmailCall) {
  return {
    /** Every address the user sends as, the default one marked `isDefault`. */
    sendAsList() {
      return call('sendAsList', (api) => api.users.settings.sendAs.list({ userId: 'me' }))
    },
  }
}

export type GmailSettings = ReturnType<typeof gmailSettings>
