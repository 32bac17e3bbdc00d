import type { GmailCall } from './call.js'
import type { GmailLabel } from './types.js'

/** Gmail's labels (`users.labels`): their names, and a label of Inkwell's own made. */
export function gmailLabels(call: GmailCall) {
  return {
    list() {
      return call('labelsList', (api) => api.users.labels.list({ userId: 'me' }))
    },

    create(label: GmailLabel) {
      return call('labelsCreate', (api) =>
        api.users.labels.create({ userId: 'me', requestBody: label }),
      )
    },
  }
}

export type GmailLabels = ReturnType<typeof gmailLabels>
