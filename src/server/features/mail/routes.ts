import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AttachmentParamsSchema,
  DraftAttachmentParamsSchema,
  DraftListSchema,
  DraftParamsSchema,
  DraftSchema,
  RecipientQuerySchema,
  RecipientSuggestionsSchema,
  SaveDraftResultSchema,
  SaveDraftSchema,
  SendEmailResultSchema,
  SendEmailSchema,
  SyncQueuedSchema,
  SyncResultSchema,
  ThreadDetailSchema,
  ThreadListQuerySchema,
  ThreadParamsSchema,
  ThreadSchema,
  UnreadCountSchema,
} from '../../../contract/mail.js'
import { ThreadActionRequestSchema } from '../../../contract/labels.js'
import { requireUser, sessionToken } from '../auth/session.js'
import { z } from 'zod'
import { PushBodySchema, type GmailPush } from './sync/push.js'
import { createListAnswers, pickEncoding } from './read/list-answers.js'
import { etagMatches } from './read/list-etag.js'
import { BadRequest } from '../../lib/errors.js'
import type { MailService } from './service.js'
import type { ThreadActions } from './organize/actions.js'
import { ScheduledSendAcceptedSchema } from '../../../contract/scheduled.js'
import type { ScheduledSends } from './send/scheduled.js'
import type { OnSent } from './send/outgoing.js'

/**
 * The `Idempotency-Key` of a send, if any: what a client makes up once per message (a UUID),
 * as Stripe's API takes it. A malformed one is refused rather than ignored, so a client never
 * believes it is protected when it is not.
 */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined
  const key = Array.isArray(header) ? header[0] : header
  if (!key || !/^[A-Za-z0-9._:-]{8,200}$/.test(key)) {
    throw new BadRequest(
      'Idempotency-Key must be 8 to 200 letters, digits or . _ : -',
      'invalid_idempotency_key',
    )
  }
  return key
}

/** The longest a `Prefer: wait` on Refresh holds its request. */
const MAX_SYNC_WAIT_S = 60

/** The seconds of a `Prefer: wait=N` header (RFC 7240), at most MAX_SYNC_WAIT_S; else 0. */
function preferredWait(prefer: string | string[] | undefined): number {
  const header = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '')
  const seconds = Number(/(?:^|[,;\s])wait\s*=\s*(\d{1,6})\b/i.exec(header)?.[1] ?? 0)
  return Math.min(seconds, MAX_SYNC_WAIT_S)
}

/**
 * Attachments are the sender's bytes served from Inkwell's origin, so the sender's
 * Content-Type is not trusted: only these types are shown in the browser, everything else
 * (HTML, SVG, XML, JavaScript, unknown) is a download of opaque bytes.
 */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
])

/**
 * Headers for an attachment. Whatever is shown, images and PDFs alike, is shown in a
 * sandboxed document that may load nothing: an opaque origin, so a PDF's links and forms act
 * as no one's. Chromium (156, checked) opens its PDF viewer for a PDF opened under `sandbox`,
 * which decision 009 had assumed it would not (decision 042). Nothing is stored: a shared
 * computer keeps no mail after logout.
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
    'content-security-policy': "sandbox; default-src 'none'; frame-ancestors 'none'",
    'cache-control': 'private, no-store',
  }
}

/** Private (one user's mail), and always asked again: the ETag makes asking cheap. */
const LIST_CACHE_CONTROL = 'private, no-cache'

/** Built list pages kept per instance: about 300 pages of 100 rows. */
const LIST_ANSWERS_MAX_BYTES = 16 * 1024 * 1024

export async function mailRoutes(
  app: FastifyInstance,
  {
    mail,
    scheduled,
    onSent,
    push,
    recentSessionUserId,
    act,
  }: {
    mail: MailService
    /** A conversation's action: the simple ones, labelling, moving, snoozing (organize/). */
    act: ThreadActions['act']
    /** Send later and Undo send (send/scheduled.ts). */
    scheduled: ScheduledSends
    onSent?: OnSent
    push?: GmailPush | null
    /** The user of a session this instance verified a moment ago (auth's `recentSessions`). */
    recentSessionUserId: (token: string) => string | null
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { onRequest: app.authenticate }

  /**
   * A browser asking whether its page is still current, with a session this instance verified
   * a moment ago, is answered 304 from memory before anything else runs: no session lookup,
   * no query (decision 038). A 304 holds no mail, so the moment a session ended on another
   * instance may still be told so costs nothing. Anything else goes the full way.
   */
  const notModifiedFromMemory = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = request.headers['if-none-match']
    const token = sessionToken(request)
    if (!asked || !token) return
    const userId = recentSessionUserId(token)
    if (!userId) return
    const query = ThreadListQuerySchema.safeParse(request.query)
    if (!query.success) return
    const etag = mail.keptListEtag(userId, query.data)
    if (!etag || !etagMatches(asked, etag)) return
    return reply.code(304).headers({ 'cache-control': LIST_CACHE_CONTROL, etag }).send()
  }

  // Pub/Sub's push of a Gmail change (decision 037): verified, then the mailbox syncs soon.
  // Any 2xx acks the message; a 401 makes Pub/Sub retry, which a forger gains nothing from.
  if (push) {
    r.post(
      '/api/gmail/push',
      {
        config: { skipOriginCheck: true },
        bodyLimit: 64 * 1024,
        schema: {
          body: PushBodySchema,
          querystring: z.object({ token: z.string().max(500).optional() }),
        },
      },
      async (request, reply) => {
        await push.verify({
          token: request.query.token,
          authorization: request.headers.authorization,
        })
        await push.receive(request.body)
        return reply.code(204).send()
      },
    )
  }

  // The hottest route answers without a zod response check (it cost more than the query);
  // the service's return type (ThreadList) is checked by TypeScript instead. An unchanged page
  // answers 304; a page already built under its ETag goes out as kept, compressed once
  // (decision 038).
  const listAnswers = createListAnswers({ maxBytes: LIST_ANSWERS_MAX_BYTES })
  r.get(
    '/api/gmail/threads',
    {
      onRequest: [notModifiedFromMemory, app.authenticate],
      schema: { querystring: ThreadListQuerySchema },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const prepared = await mail.prepareList(user, request.query)
      reply.header('cache-control', LIST_CACHE_CONTROL)
      if (!prepared.etag) return prepared.build()
      reply.header('etag', prepared.etag)
      if (etagMatches(request.headers['if-none-match'], prepared.etag)) {
        return reply.code(304).send()
      }
      const encoding = pickEncoding(request.headers['accept-encoding'])
      const body = await listAnswers.answer(user.id, prepared.etag, encoding, async () =>
        JSON.stringify(await prepared.build()),
      )
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8')
      // Already encoded: @fastify/compress leaves an answer with a Content-Encoding alone.
      if (encoding !== 'identity') reply.header('content-encoding', encoding)
      return reply.send(body)
    },
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
        body: ThreadActionRequestSchema,
        response: { 200: ThreadSchema },
      },
    },
    async (request) => act(requireUser(request), request.params.id, request.body),
  )

  r.post(
    '/api/gmail/send',
    {
      ...auth,
      schema: {
        body: SendEmailSchema,
        response: { 200: SendEmailResultSchema, 202: ScheduledSendAcceptedSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const key = idempotencyKey(request.headers['idempotency-key'])
      const { sendAt: _sendAt, undo: _undo, ...message } = request.body
      // Send later, or the Undo send window: it waits as a draft and a job sends it (053).
      const waiting = await scheduled.accept(user, request.body, key)
      if (waiting) return reply.code(202).send(waiting)
      const { sent, replayed } = await mail.send(user, message, key)
      const { aiDraftId, body, to, subject } = message
      // After Gmail accepted it (the first time), and never holding up or failing the send.
      if (aiDraftId && onSent && !replayed) {
        onSent(user, { aiDraftId, body, to, subject }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'recording the sent AI draft failed'),
        )
      }
      return sent
    },
  )

  r.get(
    '/api/gmail/recipients',
    {
      ...auth,
      schema: { querystring: RecipientQuerySchema, response: { 200: RecipientSuggestionsSchema } },
    },
    async (request) =>
      mail.suggestRecipients(requireUser(request), request.query.q, request.query.limit),
  )

  r.post(
    '/api/gmail/drafts',
    { ...auth, schema: { body: SaveDraftSchema, response: { 200: SaveDraftResultSchema } } },
    async (request) => mail.saveDraft(requireUser(request), request.body),
  )

  r.get(
    '/api/gmail/drafts',
    { ...auth, schema: { response: { 200: DraftListSchema } } },
    async (request) => {
      const user = requireUser(request)
      const [list, held] = await Promise.all([mail.listDrafts(user), scheduled.heldDraftIds(user)])
      const drafts = list.drafts.filter((draft) => !held.has(draft.id))
      return { drafts, total: list.total - (list.drafts.length - drafts.length) }
    },
  )

  r.get(
    '/api/gmail/drafts/:id',
    { ...auth, schema: { params: DraftParamsSchema, response: { 200: DraftSchema } } },
    async (request) => mail.getDraft(requireUser(request), request.params.id),
  )

  r.get(
    '/api/gmail/drafts/:id/attachments/:index',
    { ...auth, schema: { params: DraftAttachmentParamsSchema } },
    async (request, reply) => {
      const { id, index } = request.params
      const file = await mail.draftAttachment(requireUser(request), id, index)
      return reply.headers(attachmentHeaders(file.mimeType, file.filename)).send(file.content)
    },
  )

  r.delete(
    '/api/gmail/drafts/:id',
    { ...auth, schema: { params: DraftParamsSchema } },
    async (request, reply) => {
      await mail.deleteDraft(requireUser(request), request.params.id)
      return reply.code(204).send()
    },
  )

  r.post(
    '/api/gmail/sync',
    { ...auth, schema: { response: { 200: SyncResultSchema, 202: SyncQueuedSchema } } },
    async (request, reply) => {
      const user = requireUser(request)
      // RFC 7240: a script (or a test) may ask to wait for the outcome, up to MAX_SYNC_WAIT_S.
      const waitSeconds = preferredWait(request.headers.prefer)
      const result = waitSeconds
        ? await mail.syncAndWait(user, waitSeconds * 1000)
        : await mail.requestSync(user)
      if (waitSeconds) reply.header('preference-applied', `wait=${waitSeconds}`)
      if ('outcome' in result) return result.outcome
      return reply.code(202).send({ status: 'queued' as const, jobId: result.jobId })
    },
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
