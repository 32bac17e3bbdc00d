import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import { streamText } from 'ai'
import type { z } from 'zod'
import type {
  GenerateEmailInputSchema,
  GeneratedDraft,
  SmartReplyInputSchema,
  StyleAnalysis,
  Writer,
} from '../../../contract/ai.js'
import type { UserRow } from '../../db/schema.js'
import type { AiConfig } from '../../config.js'
import { AppError, BadRequest, TooManyRequests, UpstreamError } from '../../lib/errors.js'
import type { JobQueue } from '../../lib/jobs.js'
import type { AccountService } from '../account/service.js'
import type { CreditReservation, CreditsService } from '../billing/credits.js'
import type { ContactsService } from '../contacts/service.js'
import type { MailService } from '../mail/service.js'
import type { ProfilesService } from '../profiles/service.js'
import { memoryNote, firstAddress } from './memory-note.js'
import { createBriefs } from './brief.js'
import { buildPrompt } from './prompt.js'
import type { AiRepository, DraftOutcome } from './repository.js'
import { extractSampleText, type SampleFile } from './sample-extraction.js'
import { analyzeStyle, stripQuotedReply } from './style-analysis.js'
import type { WriterModel } from './writer/models.js'

export type GenerateEmailBody = z.output<typeof GenerateEmailInputSchema>
export type SmartReplyBody = z.output<typeof SmartReplyInputSchema>
export type Generation =
  | { kind: 'generate-email'; input: GenerateEmailBody }
  | { kind: 'smart-reply'; input: SmartReplyBody }

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
} as const

export type AiServiceDeps = {
  repo: AiRepository
  credits: Pick<CreditsService, 'reserve' | 'refund'>
  contacts: Pick<ContactsService, 'get' | 'findByEmail' | 'appendMemory'>
  profiles: Pick<ProfilesService, 'getDefault'>
  settings: Pick<AccountService, 'getSettings'>
  mail: Pick<MailService, 'recentConversation' | 'recentSentTexts'>
  jobs: JobQueue
  writer: WriterModel
  limits: Pick<AiConfig, 'timeoutMs' | 'maxRetries'>
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
  text: string
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

/** AI writing (decisions 011 and 034): drafts with credits and memory, style analysis, samples. */
export function createAiService(deps: AiServiceDeps) {
  const { repo, credits, contacts, mail, writer, limits, log } = deps
  const briefFor = createBriefs(deps)

  /**
   * Streams the model's text. Errors are collected, not thrown: `streamText` reports HTTP
   * failures through its stream and `onError` only. The model gets no tools: whatever a
   * quoted e-mail says, it can only write text (an injected "send this" sends nothing).
   */
  async function runModel(
    system: string,
    prompt: string,
    hooks: GenerationHooks,
  ): Promise<ModelRun> {
    const controller = new AbortController()
    const cancel = () => controller.abort(new GenerationCancelled())
    if (hooks.signal.aborted) cancel()
    else hooks.signal.addEventListener('abort', cancel, { once: true })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error(`The AI provider did not finish within ${limits.timeoutMs} ms`))
    }, limits.timeoutMs)

    const run: ModelRun = {
      text: '',
      outcome: 'done',
      error: null,
      timedOut: false,
      inputTokens: null,
      outputTokens: null,
    }
    try {
      const result = streamText({
        model: writer.model,
        system,
        prompt,
        abortSignal: controller.signal,
        maxRetries: limits.maxRetries,
        onError: ({ error }) => {
          run.error ??= error
        },
      })
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          run.text += part.text
          hooks.onDelta?.(part.text)
        } else if (part.type === 'error') {
          run.error ??= part.error
        } else if (part.type === 'finish') {
          run.inputTokens = part.totalUsage.inputTokens ?? null
          run.outputTokens = part.totalUsage.outputTokens ?? null
        }
      }
    } catch (error) {
      run.error ??= error
    } finally {
      clearTimeout(timer)
      hooks.signal.removeEventListener('abort', cancel)
    }
    run.timedOut = timedOut
    if (hooks.signal.aborted) run.outcome = 'cancelled'
    else if (run.error || timedOut || !run.text.trim()) run.outcome = 'failed'
    return run
  }

  async function generate(
    user: UserRow,
    request: Generation,
    hooks: GenerationHooks,
  ): Promise<GeneratedDraft> {
    const started = performance.now()
    const generation = { kind: request.kind, input: wellFormed(request.input) } as Generation
    const { brief, contactId, profileId } = await briefFor(user, generation)
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
          userInput: brief.request ?? brief.originalEmail ?? '',
          subject: brief.subject,
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

    const run = await runModel(system, prompt, hooks)
    const outcome: DraftOutcome = {
      status: run.outcome === 'done' ? 'draft' : run.outcome,
      aiDraft: run.text,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      latencyMs: Math.round(performance.now() - started),
    }
    await repo.finish(user.id, draftId, outcome)

    if (run.outcome === 'cancelled') {
      // Decision 012: once text has arrived the credit is spent; before, it is given back.
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
      subject: brief.subject,
      draftId,
      writer: writer.writer,
    }
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
     * Writes a draft: reserves a credit, stores the AiDraft (429 when the user has
     * `MAX_GENERATIONS_IN_FLIGHT` being written), streams through `hooks`.
     */
    generate,

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

    /** The user's sent mail from the cache as one sample, analysed; nothing is saved (decision 034). */
    async learnFromSentMail(userId: string) {
      const texts = (await mail.recentSentTexts(userId, SENT_MESSAGES_TO_LEARN_FROM))
        .map(stripQuotedReply)
        .filter((t) => t.trim().length > 0)
      if (texts.length === 0) {
        throw new BadRequest(
          'There is no sent mail to learn from yet: send a few e-mails or let the inbox sync, then try again',
          'no_sent_mail',
        )
      }
      const sample = texts.join('\n\n').slice(0, MAX_LEARNING_SAMPLE_CHARS)
      return { messageCount: texts.length, sample, analysis: analyzeStyle(sample) }
    },
  }
}

export type AiService = ReturnType<typeof createAiService>
