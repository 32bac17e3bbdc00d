import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
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
} from '../../../contract/ai.js'
import type { UserRow } from '../../db/schema.js'
import type { AiConfig } from '../../config.js'
import { BadRequest, NotFound, TooManyRequests, UpstreamError } from '../../lib/errors.js'
import type { JobQueue } from '../../lib/jobs.js'
import type { AccountService } from '../account/service.js'
import type { CreditReservation, CreditsService } from '../billing/credits.js'
import type { ContactsService } from '../contacts/service.js'
import type { MailService } from '../mail/service.js'
import type { ProfilesService } from '../profiles/service.js'
import type { TemplatesService } from '../templates/service.js'
import { memoryNote, firstAddress } from './memory-note.js'
import { createBriefs, type Resolved } from './brief.js'
import { stripQuotedHistory, unanswerableMail } from './mail-text.js'
import { buildPrompt } from './prompt.js'
import { createModelRunner, GenerationCancelled, type GenerationHooks } from './model-run.js'
import { parseReplyOptions } from './reply-options.js'
import type { AiRepository, DraftOutcome } from './repository.js'
import { extractSampleText, type SampleFile } from './sample-extraction.js'
import { analyzeStyle } from './style-analysis.js'
import { learnFromSentTexts } from './style/learn.js'
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

export type AiServiceDeps = {
  repo: AiRepository
  credits: Pick<CreditsService, 'reserve' | 'refund'>
  contacts: Pick<ContactsService, 'get' | 'findByEmail' | 'appendMemory'>
  profiles: Pick<ProfilesService, 'getDefault' | 'get'>
  templates: Pick<TemplatesService, 'forWriting'>
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
  const { runModel, complete } = createModelRunner({ writer, limits, log })

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
    if (generation.kind === 'generate-email' && generation.input.templateId) {
      // Starting from a template (decision 051): filled for the recipient, in their language
      // when it is a built-in one; the writer adapts it, and its subject stands unless typed.
      brief.template = await deps.templates.forWriting(user, generation.input.templateId, {
        name: brief.recipient.name,
        language: brief.recipient.language,
      })
      brief.subject ||= brief.template.subject || brief.template.name
    }
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
          userInput:
            brief.request ||
            (brief.template ? `Template: ${brief.template.name}` : null) ||
            (brief.originalEmail ?? brief.refine?.text ?? ''),
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
