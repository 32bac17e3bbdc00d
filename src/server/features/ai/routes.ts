import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AnalyzeWritingStyleInputSchema,
  ExtractedSampleSchema,
  ExtractSampleInputSchema,
  GeneratedDraftSchema,
  GenerateEmailInputSchema,
  LearnFromSentMailSchema,
  RefineInputSchema,
  ReplyOptionsInputSchema,
  ReplyOptionsSchema,
  SmartReplyInputSchema,
  StyleAnalysisSchema,
  type DraftStreamEvent,
  type GeneratedDraft,
} from '../../../contract/ai.js'
import { AppError } from '../../lib/errors.js'
import { requireUser } from '../auth/session.js'
import { GenerationCancelled, type GenerationHooks } from './model-run.js'
import type { AiService, Generation } from './service.js'

/**
 * Writing-sample uploads a user may make (decision 041): each one can hold a file reader for
 * seconds, and a user analysing their style sends a few.
 */
export const SAMPLE_UPLOAD_LIMIT = { max: 20, timeWindow: '10 minutes' }

/**
 * Reply options a user may ask for (decision 046): they cost no credit but a provider call, and
 * a person opens a few Smart Reply dialogs a minute at most.
 */
export const REPLY_OPTIONS_LIMIT = { max: 30, timeWindow: '10 minutes' }

/** Counted per user, in PostgreSQL (decision 021); it runs after `authenticate`, so the user is known. */
const perUser = (request: FastifyRequest) => `user:${requireUser(request).id}`

/** Aborts when the client goes away before the answer is complete (a cancel, a closed tab). */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  // The response's `close` fires on completion too: only an unfinished answer is a cancel.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/event-stream')

const sse = (event: DraftStreamEvent) => `data: ${JSON.stringify(event)}\n\n`

/**
 * Streams a generation as server-sent events (the contract's DraftStreamEvent). Until the
 * generation starts (credit reserved, draft stored) errors are ordinary JSON answers with
 * their status (429, 404...); after that they arrive as an `error` event.
 */
async function streamGeneration(
  reply: FastifyReply,
  run: (hooks: GenerationHooks) => Promise<GeneratedDraft>,
) {
  const stream = new PassThrough()
  const write = (event: DraftStreamEvent) => {
    if (!stream.writableEnded) stream.write(sse(event))
  }
  let markStarted!: () => void
  const started = new Promise<void>((resolve) => (markStarted = resolve))
  const generation = run({
    signal: clientGone(reply),
    onStart: (start) => {
      write({ type: 'start', ...start })
      markStarted()
    },
    onDelta: (text) => write({ type: 'delta', text }),
  })
  // Before the start, a failure rejects here and the error handler answers it.
  await Promise.race([started, generation])
  generation
    .then((draft) => write({ type: 'done', draft }))
    .catch((error: unknown) => {
      if (error instanceof GenerationCancelled) return
      if (error instanceof AppError) {
        write({ type: 'error', error: { code: error.code, message: error.message } })
        return
      }
      reply.log.error({ err: error }, 'streamed generation failed')
      write({
        type: 'error',
        error: { code: 'internal_error', message: 'Something went wrong on our side' },
      })
    })
    .finally(() => stream.end())
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream)
}

export async function aiRoutes(app: FastifyInstance, { ai }: { ai: AiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { onRequest: app.authenticate }

  /** The generation calls: a stream when asked for one, else the spec's JSON. */
  async function answer(request: FastifyRequest, reply: FastifyReply, generation: Generation) {
    const user = requireUser(request)
    if (wantsStream(request)) {
      return streamGeneration(reply, (hooks) => ai.generate(user, generation, hooks))
    }
    return ai.generate(user, generation, { signal: clientGone(reply) })
  }

  r.post(
    '/api/ai/generate-email',
    {
      ...auth,
      schema: { body: GenerateEmailInputSchema, response: { 200: GeneratedDraftSchema } },
    },
    async (request, reply) =>
      answer(request, reply, { kind: 'generate-email', input: request.body }),
  )

  r.post(
    '/api/ai/smart-reply',
    { ...auth, schema: { body: SmartReplyInputSchema, response: { 200: GeneratedDraftSchema } } },
    async (request, reply) => answer(request, reply, { kind: 'smart-reply', input: request.body }),
  )

  r.post(
    '/api/ai/refine',
    { ...auth, schema: { body: RefineInputSchema, response: { 200: GeneratedDraftSchema } } },
    async (request, reply) => answer(request, reply, { kind: 'refine', input: request.body }),
  )

  r.post(
    '/api/ai/reply-options',
    {
      ...auth,
      schema: { body: ReplyOptionsInputSchema, response: { 200: ReplyOptionsSchema } },
      config: { rateLimit: { ...REPLY_OPTIONS_LIMIT, keyGenerator: perUser } },
    },
    async (request, reply) =>
      ai.replyOptions(requireUser(request), request.body, clientGone(reply)),
  )

  r.post(
    '/api/ai/analyze-writing-style',
    {
      ...auth,
      schema: { body: AnalyzeWritingStyleInputSchema, response: { 200: StyleAnalysisSchema } },
    },
    async (request) => ai.analyzeWritingStyle(request.body.text),
  )

  r.post(
    '/api/ai/extract-sample',
    {
      ...auth,
      schema: { body: ExtractSampleInputSchema, response: { 200: ExtractedSampleSchema } },
      // Counted per user, in PostgreSQL (decision 021), so it holds on every instance and
      // behind a shared address; it runs after `authenticate`, so the user is known.
      config: {
        rateLimit: {
          ...SAMPLE_UPLOAD_LIMIT,
          keyGenerator: (request: FastifyRequest) => `user:${requireUser(request).id}`,
        },
      },
    },
    // Every reader busy is a 429 whose Retry-After the error handler sends (ReadersBusy).
    async (request) => ai.extractSample(request.body),
  )

  r.post(
    '/api/ai/learn-from-sent-mail',
    { ...auth, schema: { response: { 200: LearnFromSentMailSchema } } },
    async (request) => ai.learnFromSentMail(requireUser(request).id),
  )
}
