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
import type { UserRow } from '../../db/schema.js'
import { requireUser } from '../auth/session.js'
import type { MailService } from './service.js'

/**
 * Attachments are the sender's bytes served from Inkwell's origin, so the sender's
 * Content-Type is not trusted: only these types are shown in the browser, everything else
 * (HTML, SVG, JavaScript, unknown) is a download of opaque bytes.
 */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
])

/**
 * Headers for an attachment. Images are shown in a sandboxed document that may load nothing.
 * PDFs cannot take `sandbox`: Chromium refuses to start its PDF viewer in a sandboxed document
 * ("blocked by Chrome"), and the viewer (not the origin) runs whatever the PDF contains, so
 * they only get frame-ancestors. Nothing is stored: a shared computer keeps no mail after
 * logout.
 */
function attachmentHeaders(mimeType: string, filename: string): Record<string, string> {
  const type = mimeType.split(';')[0]!.trim().toLowerCase()
  const inline = INLINE_TYPES.has(type)
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  // RFC 6266/5987: the ASCII fallback, then the exact name in UTF-8.
  const utf8 = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16)}`,
  )
  const name = `filename="${ascii}"; filename*=UTF-8''${utf8}`
  return {
    'content-type': inline ? type : 'application/octet-stream',
    'content-disposition': `${inline ? 'inline' : 'attachment'}; ${name}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      type === 'application/pdf'
        ? "frame-ancestors 'none'"
        : "sandbox; default-src 'none'; frame-ancestors 'none'",
    'cache-control': 'private, no-store',
  }
}

/** Told about each message Gmail accepted that was written from an AI draft (D13). */
export type OnSent = (
  user: UserRow,
  sent: { aiDraftId: string; body: string; to: string; subject: string },
) => Promise<void>

export async function mailRoutes(
  app: FastifyInstance,
  { mail, onSent }: { mail: MailService; onSent?: OnSent },
) {
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
    async (request) => {
      const user = requireUser(request)
      const sent = await mail.send(user, request.body)
      const { aiDraftId, body, to, subject } = request.body
      // After Gmail accepted it, and never holding up or failing the send.
      if (aiDraftId && onSent) {
        onSent(user, { aiDraftId, body, to, subject }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'recording the sent AI draft failed'),
        )
      }
      return sent
    },
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
      return reply.headers(attachmentHeaders(file.mimeType, file.filename)).send(file.content)
    },
  )
}
