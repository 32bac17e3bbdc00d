import type { GmailCall } from './call.js'

/** Gmail's history (`users.history`): what changed in the mailbox since a history id. */
export function gmailHistory(call: GmailCall) {
  return {
    list(startHistoryId: string, pageToken?: string) {
      return call('historyList', (api) =>
        api.users.history.list({ userId: 'me', startHistoryId, maxResults: 500, pageToken }),
      )
    },
  }
}

export type GmailHistoryApi = ReturnType<typeof gmailHistory>
