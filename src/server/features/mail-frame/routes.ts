import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MAIL_FRAME_IMAGES, MAIL_FRAME_PATH } from '../../../contract/mail-frame.js'
import { MAIL_FRAME_DOCUMENT, mailFrameCsp } from './frame-document.js'

const MailFrameQuerySchema = z.object({ images: z.enum(MAIL_FRAME_IMAGES) })

/** The empty document each message's HTML is shown in; it holds no user data, so no session. */
export async function mailFrameRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    MAIL_FRAME_PATH,
    { schema: { querystring: MailFrameQuerySchema } },
    async (request, reply) =>
      reply
        // Replaces the page policy helmet set: this document has its own.
        .header('content-security-policy', mailFrameCsp(request.query))
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(MAIL_FRAME_DOCUMENT),
  )
}
