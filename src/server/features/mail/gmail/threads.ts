import type { GmailCall } from './call.js'
import type { ListQuery } from './types.js'

/** Gmail's conversations (`users.threads`): listed, read, labelled, trashed. */
export function gmailThreads(call: GmailCall) {
  return {
    list(query: ListQuery) {
      return call('threadsList', (api) => api.users.threads.list({ userId: 'me', ...query }))
    },

    /** A whole thread (`full`), or its messages' `headers` only (`metadata`). */
    get(id: string, format: 'full' | { metadataHeaders: string[] }, notFound?: string) {
      const params = format === 'full' ? { format } : { format: 'metadata', ...format }
      return call('threadsGet', (api) => api.users.threads.get({ userId: 'me', id, ...params }), {
        notFound,
      })
    },

    modify(id: string, add: string[], remove: string[], notFound?: string) {
      return call(
        'threadsModify',
        (api) =>
          api.users.threads.modify({
            userId: 'me',
            id,
            requestBody: { addLabelIds: add, removeLabelIds: remove },
          }),
        { notFound },
      )
    },

    /** Moves a thread to the Trash (`trash`) or back out of it. */
    trash(id: string, trash: boolean, notFound?: string) {
      return call(
        'threadsTrash',
        (api) =>
          trash
            ? api.users.threads.trash({ userId: 'me', id })
            : api.users.threads.untrash({ userId: 'me', id }),
        { notFound },
      )
    },
  }
}

export type GmailThreads = ReturnType<typeof gmailThreads>
