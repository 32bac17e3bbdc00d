/**
 * Calling the writer (decisions 011, 012 and 046): one streamed run of the configured model or
 * the offline writer, under the timeout and the caller's cancel, with at most one quick retry
 * of a provider that failed before any text, and a compose draft's subject line taken off.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import { APICallError, generateText, streamText, type ProviderMetadata } from 'ai'
import type { Writer } from '../../../contract/ai.js'
import type { AiConfig } from '../../config.js'
import { AppError } from '../../lib/errors.js'
import { NOTICE_METADATA } from './prompt.js'
import { createSubjectLineSplitter } from './subject-line.js'
import type { WriterModel } from './writer/models.js'
import type { LanguageModelV3 } from './writer/offline-writer.js'

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

export type ModelRun = {
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

export function createModelRunner(deps: {
  writer: WriterModel
  limits: Pick<AiConfig, 'timeoutMs' | 'maxRetries' | 'maxOutputTokens'>
  log: FastifyBaseLogger
}) {
  const { writer, limits, log } = deps

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

  return { runModel, complete }
}
