import type { GmailCall } from './call.js'
import type { GmailWatchRequest } from './types.js'

/** Gmail push (`users.watch`): the mailbox's changes published to a Pub/Sub topic. */
export function gmailWatch(call: GmailCall) {
  return {
    start(request: GmailWatchRequest) {
      return call('watch', (api) => api.users.watch({ userId: 'me', requestBody: request }))
    },
  }
}

export type GmailWatch = ReturnType<typeof gmailWatch>
