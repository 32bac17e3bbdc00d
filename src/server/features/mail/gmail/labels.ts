import type { GmailCall } from './call.js'
import type { GmailLabel } from './types.js'

/** Gmail's labels (`users.labels`): listed, created, renamed or recoloured, deleted. */
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

    /** Changes only the fields given (a new name, a colour). */
    patch(id: string, change: GmailLabel, notFound?: string) {
      return call(
        'labelsPatch',
        (api) => api.users.labels.patch({ userId: 'me', id, requestBody: change }),
        { notFound },
      )
    },

    /** Deletes the label; Gmail takes it off every message that had it. */
    delete(id: string, notFound?: string) {
      return call('labelsDelete', (api) => api.users.labels.delete({ userId: 'me', id }), {
        notFound,
      })
    },
  }
}

export type GmailLabels = ReturnType<typeof gmailLabels>
