import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AttachmentParamsSchema,
  SaveDraftResultSchema,
  SaveDraftSchema,
  SendEmailResultSchema,
  SendEmailSchema,
  SyncResultSchema,
  ThreadActionSchema,
  ThreadDetailSchema,
  ThreadListQuerySchema,
  ThreadParamsSchema,
  ThreadSchema,
  UnreadCountSchema,
} from '../../../contract/mail.js'
import { requireUser } from '../auth/session.js'
import type { MailService } from './service.js'

/** RFC 5987 filename for Content-Disposition, safe for any characters in the name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export async function mailRoutes(app: FastifyInstance, { mail }: { mail: MailService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { onRequest: app.authenticate }

  // The hottest route answers without a zod response check (it cost more than the query);
  // the service's return type (ThreadList) is checked by TypeScript instead.
  r.get(
    '/api/gmail/threads',
    { ...auth, schema: { querystring: ThreadListQuerySchema } },
    async (request) => mail.listThreads(requireUser(request), request.query),
  )

  r.get(
    '/api/gmail/threads/:id',
    { ...auth, schema: { params: ThreadParamsSchema, response: { 200: ThreadDetailSchema } } },
    async (request) => mail.getThread(requireUser(request), request.params.id),
  )

  r.post(
    '/api/gmail/threads/:id/actions',
    {
      ...auth,
      schema: {
        params: ThreadParamsSchema,
        body: ThreadActionSchema,
        response: { 200: ThreadSchema },
      },
    },
    async (request) => mail.act(requireUser(request), request.params.id, request.body.action),
  )

  r.post(
    '/api/gmail/send',
    { ...auth, schema: { body: SendEmailSchema, response: { 200: SendEmailResultSchema } } },
    async (request) => mail.send(requireUser(request), request.body),
  )

  r.post(
    '/api/gmail/drafts',
    { ...auth, schema: { body: SaveDraftSchema, response: { 200: SaveDraftResultSchema } } },
    async (request) => mail.saveDraft(requireUser(request), request.body),
  )

  r.post(
    '/api/gmail/sync',
    { ...auth, schema: { response: { 200: SyncResultSchema } } },
    async (request) => mail.refresh(requireUser(request)),
  )

  r.get(
    '/api/gmail/unread-count',
    { ...auth, schema: { response: { 200: UnreadCountSchema } } },
    async (request) => ({ count: await mail.unreadCount(requireUser(request)) }),
  )

  r.get(
    '/api/gmail/messages/:messageId/attachments/:attachmentId',
    { ...auth, schema: { params: AttachmentParamsSchema } },
    async (request, reply) => {
      const { messageId, attachmentId } = request.params
      const file = await mail.attachment(requireUser(request), messageId, attachmentId)
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(file.content)
    },
  )
}
