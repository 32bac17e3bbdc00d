import type { GmailCall } from './call.js'
import type { RawMessage } from './types.js'

/** Gmail's drafts (`users.drafts`): listed, read, saved, deleted. */
export function gmailDrafts(call: GmailCall) {
  return {
    list(maxResults: number) {
      return call('draftsList', (api) => api.users.drafts.list({ userId: 'me', maxResults }))
    },

    get(id: string, notFound?: string) {
      return call(
        'draftsGet',
        (api) => api.users.drafts.get({ userId: 'me', id, format: 'full' }),
        { notFound },
      )
    },

    /** The draft's message as Gmail holds it (its MIME, base64url): what Send later sends. */
    getRaw(id: string, notFound?: string) {
      return call('draftsGet', (api) => api.users.drafts.get({ userId: 'me', id, format: 'raw' }), {
        notFound,
      })
    },

    /** Saves a draft: a new one, or the draft `id` replaced. */
    save(message: RawMessage, id: string | undefined, notFound?: string) {
      const requestBody = { message }
      return id
        ? call(
            'draftsUpdate',
            (api) => api.users.drafts.update({ userId: 'me', id, requestBody }),
            {
              notFound,
            },
          )
        : call('draftsCreate', (api) => api.users.drafts.create({ userId: 'me', requestBody }), {
            notFound,
          })
    },

    delete(id: string, notFound?: string) {
      return call('draftsDelete', (api) => api.users.drafts.delete({ userId: 'me', id }), {
        notFound,
      })
    },
  }
}

export type GmailDrafts = ReturnType<typeof gmailDrafts>
