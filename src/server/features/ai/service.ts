import { setTimeout as sleep } from 'node:timers/promises'
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import { APICallError, generateText, streamText, type ProviderMetadata } from 'ai'
import type { z } from 'zod'
import {
  MAX_AI_INPUT_CHARS,
  type GenerateEmailInputSchema,
  type GeneratedDraft,
  type RefineInputSchema,
  type ReplyOption,
  type ReplyOptionsInputSchema,
  type SmartReplyInputSchema,
  type StyleAnalysis,
  type Writer,
} from '../../../contract/ai.js'
import type { UserRow } from '../../db/schema.js'
import type { AiConfig } from '../../config.js'
import { AppError, BadRequest, NotFound, TooManyRequests, UpstreamError } from '../../lib/errors.js'
import type { JobQueue } from '../../lib/jobs.js'
import type { AccountService } from '../account/service.js'
import type { CreditReservation, CreditsService } from '../billing/credits.js'
import type { ContactsService } from '../contacts/service.js'
import type { MailService } from '../mail/service.js'
import type { ProfilesService } from '../profiles/service.js'
import { memoryNote, firstAddress } from './memory-note.js'
import { createBriefs, type Resolved } from './brief.js'
import { stripQuotedHistory, unanswerableMail } from './mail-text.js'
import { buildPrompt, NOTICE_METADATA } from './prompt.js'
import { parseReplyOptions } from './reply-options.js'
import type { AiRepository, DraftOutcome } from './repository.js'
import { extractSampleText, type SampleFile } from './sample-extraction.js'
import { analyzeStyle } from './style-analysis.js'
import { learnFromSentTexts } from './style/learn.js'
import { createSubjectLineSplitter } from './subject-line.js'
import type { WriterModel } from './writer/models.js'
import { createOfflineWriter, type LanguageModelV3 } from './writer/offline-writer.js'

export type GenerateEmailBody = z.output<typeof GenerateEmailInputSchema>
export type SmartReplyBody = z.output<typeof SmartReplyInputSchema>
export type RefineBody = z.output<typeof RefineInputSchema>
export type ReplyOptionsBody = z.output<typeof ReplyOptionsInputSchema>
/** What spends a credit and becomes an AiDraft: a new e-mail, a reply, a rewritten draft. */
export type Generation =
  | { kind: 'generate-email'; input: GenerateEmailBody }
  | { kind: 'smart-reply'; input: SmartReplyBody }
  | { kind: 'refine'; input: RefineBody }
/** Everything a prompt is built for: the generations, and the free reply options. */
export type BriefRequest = Generation | { kind: 'reply-options'; input: ReplyOptionsBody }

/** What a caller of `generate` hears while the draft is written. */
export type GenerationHooks = {
  /** Aborts when the caller goes away (the browser closed the request): cancels the call. */
  signal: AbortSignal
  /** The credit is reserved and the AiDraft row exists; the provider call starts. */
  onStart?: (start: { draftId: string; writer: Writer }) => void
  /** A piece of text, as the model writes it. */
  onDelta?: (text: string) => void
}

/** The caller went away mid-generation; nobody is left to answer (decision 012). */
export class GenerationCancelled extends AppError {
  constructor() {
    super(499, 'cancelled', 'The generation was cancelled')
  }
}

/**
 * Drafts one user may have written at once, on all instances together (decision 043). Abuse
 * protection, not a plan limit: Pro has it too. A person writes one draft at a time; a few
 * more allow a retry and a second tab, and a script cannot hold dozens of provider calls.
 */
export const MAX_GENERATIONS_IN_FLIGHT = 3
/**
 * Past its timeout a generation has finished or failed; a row still unfinished then was left
 * by an instance that died mid-way, and this margin after the timeout frees its slot.
 */
const IN_FLIGHT_MARGIN_MS = 15_000
/** The longest Retry-After a busy user is told: most drafts are written in a few seconds. */
const MAX_BUSY_RETRY_AFTER_SECONDS = 10
export const GENERATIONS_BUSY_MESSAGE = `You have ${MAX_GENERATIONS_IN_FLIGHT} drafts being written; wait for one to finish`

/** Sent messages "Learn from my sent mail" reads (decision 034). */
const SENT_MESSAGES_TO_LEARN_FROM = 50
const MAX_LEARNING_SAMPLE_CHARS = 50_000

const FAILURE_MESSAGE = {
  'generate-email': 'Failed to generate AI email',
  'smart-reply': 'Failed to generate smart reply',
  refine: 'Failed to refine the draft',
  'reply-options': 'Failed to suggest replies',
} as const

/**
 * The one quick retry (decision 046): a provider that answered 429 or 5xx within the first
 * second is asked once more after this pause, so its failure still reaches the user within
 * 2 s. The ai SDK's own retry waits 2 s, then 4 s, and honours a Retry-After of up to a
 * minute, so it is switched off (`maxRetries: 0`).
 */
export const QUICK_RETRY_DELAY_MS = 250
/** A failure later than this is not retried: the retry could not end within 2 s. */
const QUICK_RETRY_WINDOW_MS = 1000
/** A provider asking for a longer wait (Retry-After) is not retried at once. */
const QUICK_RETRY_MAX_WAIT_MS = 1000

export type AiServiceDeps = {
  repo: AiRepository
  credits: Pick<CreditsService, 'reserve' | 'refund'>
  contacts: Pick<ContactsService, 'get' | 'findByEmail' | 'appendMemory'>
  profiles: Pick<ProfilesService, 'getDefault'>
  settings: Pick<AccountService, 'getSettings'>
  mail: Pick<MailService, 'recentConversation' | 'recentSentTexts' | 'getThread'>
  jobs: JobQueue
  writer: WriterModel
  limits: Pick<AiConfig, 'timeoutMs' | 'maxRetries' | 'maxOutputTokens'>
  now: () => Date
  log: FastifyBaseLogger
}

/**
 * The contact's memory note for a sent AI e-mail is a job (decision 019): the send answers at
 * once, and any instance writes the note. The job carries ids and headers, never the body: the
 * worker reads the final version from the AiDraft.
 */
const MEMORY_NOTE_QUEUE = 'ai-memory-note'
type MemoryNoteJob = {
  userId: string
  aiDraftId: string
  to: string
  subject: string
  sentAt: string
}

type ModelRun = {
  /** What the user was shown: the model's text less a compose draft's subject line. */
  text: string
  /** The subject line a compose draft started with. */
  subject: string | null
  /** What the offline writer tells the user beside the draft (what it could not write). */
  notice: string | null
  outcome: 'done' | 'cancelled' | 'failed'
  error: unknown
  timedOut: boolean
  inputTokens: number | null
  outputTokens: number | null
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** PostgreSQL refuses NUL in text and lone surrogates in jsonb; neither belongs in a draft. */
function wellFormed<T extends object>(input: T): T {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd')
        : value,
    ]),
  ) as T
}

/**
 * How long to wait before the one quick retry of a failed provider call, or null when it is
 * not retried: only a 429 or 5xx (a 400 or 401 fails the same way again), only early enough,
 * and only when the provider does not ask for a longer wait.
 */
export function quickRetryDelay(error: unknown, elapsedMs: number): number | null {
  if (!APICallError.isInstance(error) || elapsedMs > QUICK_RETRY_WINDOW_MS) return null
  const status = error.statusCode
  if (status === undefined || (status !== 429 && status < 500)) return null
  const headers = error.responseHeaders ?? {}
  const asked = headers['retry-after-ms']
    ? Number(headers['retry-after-ms'])
    : headers['retry-after']
      ? Number(headers['retry-after']) * 1000
      : 0
  // A date, or a wait longer than the user should sit through: the provider is not back soon.
  if (!Number.isFinite(asked) || asked > QUICK_RETRY_MAX_WAIT_MS) return null
  return Math.max(QUICK_RETRY_DELAY_MS, asked)
}

/** The mail field a generation answers is text with something to answer, or a 400 naming it. */
function assertAnswerable(field: string, text: string, what: string) {
  const problem = unanswerableMail(text)
  if (problem === 'binary') {
    throw new BadRequest(
      `${field}: ${what} is not text (it looks like the bytes of a file)`,
      'validation_error',
    )
  }
  if (problem === 'empty') {
    throw new BadRequest(`${field}: ${what} has no words in it`, 'validation_error')
  }
}

/** AI writing (decisions 011, 034 and 046): drafts with credits and memory, reply options, style analysis, samples. */
export function createAiService(deps: AiServiceDeps) {
  const { repo, credits, contacts, mail, writer, limits, log } = deps
  const briefFor = createBriefs(deps)
  // Reply options a model answered unusably are asked of the offline writer (decision 046).
  const offlineWriter: LanguageModelV3 = writer.writer.offline
    ? writer.model
    : createOfflineWriter()

  /**
   * A signal that aborts when the caller goes away (a `GenerationCancelled`) or the provider
   * has not finished within the timeout.
   */
  function deadline(callerSignal: AbortSignal) {
    const controller = new AbortController()
    const cancel = () => controller.abort(new GenerationCancelled())
    if (callerSignal.aborted) cancel()
    else callerSignal.addEventListener('abort', cancel, { once: true })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error(`The AI provider did not finish within ${limits.timeoutMs} ms`))
    }, limits.timeoutMs)
    return {
      signal: controller.signal,
      timedOut: () => timedOut,
      end() {
        clearTimeout(timer)
        callerSignal.removeEventListener('abort', cancel)
      },
    }
  }

  /**
   * The offline writer's notice in a finish part's metadata (prompt.ts's NOTICE_METADATA). Only
   * the offline writer's is read: a remote provider's metadata is not ours to show.
   */
  function noticeIn(metadata: ProviderMetadata | undefined): string | null {
    if (!writer.writer.offline) return null
    const notice = metadata?.[NOTICE_METADATA.provider]?.[NOTICE_METADATA.key]
    return typeof notice === 'string' && notice.trim() ? notice.trim() : null
  }

  /**
   * Streams the model's text. Errors are collected, not thrown: `streamText` reports HTTP
   * failures through its stream and `onError` only. The model gets no tools: whatever a
   * quoted e-mail says, it can only write text (an injected "send this" sends nothing). A
   * compose draft's subject line is taken off the text the user sees.
   */
  async function runModel(
    system: string,
    prompt: string,
    hooks: GenerationHooks,
    options: { subjectLine: boolean },
  ): Promise<ModelRun> {
    const limit = deadline(hooks.signal)
    const run: ModelRun = {
      text: '',
      subject: null,
      notice: null,
      outcome: 'done',
      error: null,
      timedOut: false,
      inputTokens: null,
      outputTokens: null,
    }
    const splitter = options.subjectLine ? createSubjectLineSplitter() : null
    const show = (text: string) => {
      if (!text) return
      run.text += text
      hooks.onDelta?.(text)
    }
    const started = performance.now()
    let received = false
    try {
      for (let attempt = 0; ; attempt++) {
        run.error = null
        const result = streamText({
          model: writer.model,
          system,
          prompt,
          abortSignal: limit.signal,
          maxRetries: 0,
          maxOutputTokens: limits.maxOutputTokens,
          onError: ({ error }) => {
            run.error ??= error
          },
        })
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            received ||= part.text.length > 0
            show(splitter ? splitter.push(part.text) : part.text)
          } else if (part.type === 'error') {
            run.error ??= part.error
          } else if (part.type === 'finish-step') {
            run.notice = noticeIn(part.providerMetadata) ?? run.notice
          } else if (part.type === 'finish') {
            run.inputTokens = part.totalUsage.inputTokens ?? null
            run.outputTokens = part.totalUsage.outputTokens ?? null
          }
        }
        // Once text has arrived a retry would write a second draft after the first words.
        const wait =
          run.error && !received && attempt < limits.maxRetries && !limit.signal.aborted
            ? quickRetryDelay(run.error, performance.now() - started)
            : null
        if (wait === null) break
        log.info(
          { provider: writer.writer.provider, status: (run.error as APICallError).statusCode },
          'AI provider failed before any text; one quick retry',
        )
        await sleep(wait, undefined, { signal: limit.signal })
      }
      if (splitter) {
        show(splitter.end())
        run.subject = splitter.subject
      }
    } catch (error) {
      run.error ??= error
    } finally {
      limit.end()
    }
    run.timedOut = limit.timedOut()
    if (hooks.signal.aborted) run.outcome = 'cancelled'
    else if (run.error || run.timedOut || !run.text.trim()) run.outcome = 'failed'
    return run
  }

  /** The draft a refine names: this user's, its latest version (what was sent, else written). */
  async function draftToRefine(userId: string, input: RefineBody): Promise<Resolved> {
    if (!input.draftId) return { refineText: input.text }
    const row = await repo.find(userId, input.draftId)
    if (!row) throw new NotFound('draftId: You have no AI draft with this id', 'ai_draft_not_found')
    const latest = (row.finalVersion ?? row.aiDraft).trim()
    // A failed draft is never usable (decision 012); a cancelled one keeps what was written.
    if (row.status === 'failed' || !latest) {
      throw new BadRequest('draftId: That draft has no text to refine', 'validation_error')
    }
    if (latest.length > MAX_AI_INPUT_CHARS) {
      throw new BadRequest(
        `draftId: The draft must be at most ${MAX_AI_INPUT_CHARS} characters`,
        'validation_error',
      )
    }
    // Text sent with the id is the editor's current version: it wins over the stored one. A
    // new e-mail keeps its subject; a reply's row holds the answered mail's, not the draft's.
    return {
      refineText: input.text ?? latest,
      draftContactId: row.contactId,
      draftSubject: row.kind === 'generate-email' ? row.subject : null,
    }
  }

  async function generate(
    user: UserRow,
    request: Generation,
    hooks: GenerationHooks,
  ): Promise<GeneratedDraft> {
    const started = performance.now()
    const generation = { kind: request.kind, input: wellFormed(request.input) } as Generation
    let resolved: Resolved = {}
    if (generation.kind === 'smart-reply') {
      assertAnswerable('originalEmailBody', generation.input.originalEmailBody, 'The e-mail')
    } else if (generation.kind === 'refine') {
      if (generation.input.text !== undefined) {
        assertAnswerable('text', generation.input.text, 'The draft to refine')
      }
      resolved = await draftToRefine(user.id, generation.input)
    }
    const { brief, contactId, profileId } = await briefFor(user, generation, resolved)
    const { system, prompt } = buildPrompt(brief)
    const reservation: CreditReservation = await credits.reserve(user.id)
    let draftId: string
    try {
      const slot = await repo.insertInFlight(
        {
          userId: user.id,
          contactId,
          writingProfileId: profileId,
          kind: generation.kind,
          userInput: brief.request ?? brief.originalEmail ?? brief.refine?.text ?? '',
          subject: brief.subject ?? resolved.draftSubject ?? null,
          threadId: generation.input.threadId ?? null,
          inputs: brief,
          provider: writer.writer.provider,
          model: writer.writer.model,
        },
        { max: MAX_GENERATIONS_IN_FLIGHT, staleAfterMs: limits.timeoutMs + IN_FLIGHT_MARGIN_MS },
      )
      if ('busySince' in slot) {
        // A slot is free at the latest when the oldest generation times out.
        const endsIn = slot.busySince.getTime() + limits.timeoutMs - Date.now()
        throw new TooManyRequests(GENERATIONS_BUSY_MESSAGE, 'ai_generations_busy', {
          retryAfterSeconds: Math.min(endsIn / 1000, MAX_BUSY_RETRY_AFTER_SECONDS),
        })
      }
      draftId = slot.row.id
    } catch (error) {
      await credits.refund(reservation)
      throw error
    }
    hooks.onStart?.({ draftId, writer: writer.writer })

    const compose = generation.kind === 'generate-email'
    const run = await runModel(system, prompt, hooks, { subjectLine: compose })
    // A subject the user typed wins over the one the model wrote (decision 046).
    const subject = compose ? brief.subject || run.subject : (resolved.draftSubject ?? null)
    const outcome: DraftOutcome = {
      status: run.outcome === 'done' ? 'draft' : run.outcome,
      aiDraft: run.text,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      latencyMs: Math.round(performance.now() - started),
      ...(compose && run.outcome === 'done' ? { subject } : {}),
    }
    await repo.finish(user.id, draftId, outcome)

    if (run.outcome === 'cancelled') {
      // Decision 012: once the user has seen words the credit is spent; before, it is given
      // back (a subject line held back was never shown, and no draft was delivered).
      if (!run.text) await credits.refund(reservation)
      throw new GenerationCancelled()
    }
    if (run.outcome === 'failed') {
      await credits.refund(reservation)
      log.warn(
        { err: run.error, draftId, provider: writer.writer.provider, timedOut: run.timedOut },
        'AI generation failed; credit refunded',
      )
      throw new UpstreamError(
        FAILURE_MESSAGE[generation.kind],
        run.timedOut ? 'ai_provider_timeout' : 'ai_provider_error',
      )
    }
    const content = run.text.trim()
    return {
      content,
      ...(generation.kind === 'smart-reply' ? { smartReply: content } : {}),
      subject,
      draftId,
      writer: writer.writer,
      notice: run.notice,
    }
  }

  /**
   * One whole answer (not streamed) from `model`, with the output cap, the timeout and the one
   * quick retry; '' when it failed, with the error logged.
   */
  async function complete(
    model: LanguageModelV3,
    system: string,
    prompt: string,
    signal: AbortSignal,
  ): Promise<{ text: string; timedOut: boolean }> {
    const limit = deadline(signal)
    const started = performance.now()
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const { text } = await generateText({
            model,
            system,
            prompt,
            abortSignal: limit.signal,
            maxRetries: 0,
            maxOutputTokens: limits.maxOutputTokens,
          })
          return { text, timedOut: false }
        } catch (error) {
          const wait =
            attempt < limits.maxRetries && !limit.signal.aborted
              ? quickRetryDelay(error, performance.now() - started)
              : null
          if (wait === null) throw error
          await sleep(wait, undefined, { signal: limit.signal })
        }
      }
    } catch (error) {
      if (signal.aborted) throw new GenerationCancelled()
      log.warn({ err: error, provider: model.provider }, 'AI reply options failed')
      return { text: '', timedOut: limit.timedOut() }
    } finally {
      limit.end()
    }
  }

  /**
   * Three ways to answer a mail (decision 046), free of credit: the configured writer's JSON,
   * read tolerantly; when a model answers something unusable, the offline writer's; 502 when
   * neither gives three.
   */
  async function replyOptions(
    user: UserRow,
    request: ReplyOptionsBody,
    signal: AbortSignal,
  ): Promise<{ options: ReplyOption[] }> {
    const input = wellFormed(request)
    assertAnswerable('originalEmailBody', input.originalEmailBody, 'The e-mail')
    const { brief } = await briefFor(user, { kind: 'reply-options', input })
    const { system, prompt } = buildPrompt(brief)
    const answer = await complete(writer.model, system, prompt, signal)
    let options = parseReplyOptions(answer.text)
    if (!options && answer.text && !writer.writer.offline) {
      log.warn(
        { provider: writer.writer.provider, chars: answer.text.length },
        'the model wrote no usable reply options; the offline writer gives them',
      )
      options = parseReplyOptions((await complete(offlineWriter, system, prompt, signal)).text)
    }
    if (!options) {
      throw new UpstreamError(
        FAILURE_MESSAGE['reply-options'],
        answer.timedOut ? 'ai_provider_timeout' : 'ai_provider_error',
      )
    }
    return { options }
  }

  /** Adds the dated line of what a sent AI e-mail said to its contact's memory (decision 034). */
  async function writeMemoryNote(job: MemoryNoteJob): Promise<void> {
    const draft = await repo.find(job.userId, job.aiDraftId)
    if (draft?.status !== 'sent' || draft.finalVersion === null) return
    const contactId =
      draft.contactId ??
      (await contacts.findByEmail(job.userId, firstAddress(job.to) ?? ''))?.id ??
      null
    if (!contactId) return
    await contacts.appendMemory(
      job.userId,
      contactId,
      memoryNote(new Date(job.sentAt), job.subject, draft.finalVersion),
    )
  }

  return {
    /**
     * Writes a draft (a new e-mail, a reply, a refined draft): reserves a credit, stores the
     * AiDraft (429 when the user has `MAX_GENERATIONS_IN_FLIGHT` being written), streams
     * through `hooks`.
     */
    generate,

    /** Three short ways to answer a mail, before any draft; no credit (decision 046). */
    replyOptions,

    /**
     * Records an AI-assisted e-mail once Gmail accepted it (decision 034): the AiDraft gets its final
     * version and status `sent`, and the contact's memory a dated line of what was said.
     */
    async recordSent(
      user: UserRow,
      sent: { aiDraftId: string; body: string; to: string; subject: string },
    ): Promise<void> {
      const draft = await repo.markSent(user.id, sent.aiDraftId, sent.body)
      // Only the first send of a draft moves it to sent, so a draft is noted once.
      if (!draft) return
      const job: MemoryNoteJob = {
        userId: user.id,
        aiDraftId: sent.aiDraftId,
        to: sent.to,
        subject: sent.subject,
        sentAt: deps.now().toISOString(),
      }
      await deps.jobs.boss.send(MEMORY_NOTE_QUEUE, job, { retryLimit: 3, retryDelay: 5 })
    },

    /** Takes memory-note jobs from the queue (every instance does; each job runs once). */
    async start(): Promise<void> {
      await deps.jobs.ensureQueue(MEMORY_NOTE_QUEUE, { policy: 'standard' })
      await deps.jobs.work<MemoryNoteJob>(MEMORY_NOTE_QUEUE, { pollingIntervalSeconds: 1 }, (job) =>
        writeMemoryNote(job.data),
      )
    },

    analyzeWritingStyle(text: string): StyleAnalysis {
      return analyzeStyle(text)
    },

    async extractSample(file: SampleFile): Promise<{ text: string }> {
      return { text: await extractSampleText(file) }
    },

    /**
     * The user's sent mail from the cache, analysed per language it is written in (decision
     * 047); nothing is saved.
     */
    async learnFromSentMail(userId: string) {
      const learned = learnFromSentTexts(
        (await mail.recentSentTexts(userId, SENT_MESSAGES_TO_LEARN_FROM)).map(stripQuotedHistory),
        MAX_LEARNING_SAMPLE_CHARS,
      )
      if (!learned) {
        throw new BadRequest(
          'There is no sent mail to learn from yet: send a few e-mails or let the inbox sync, then try again',
          'no_sent_mail',
        )
      }
      return learned
    },
  }
}

export type AiService = ReturnType<typeof createAiService>
