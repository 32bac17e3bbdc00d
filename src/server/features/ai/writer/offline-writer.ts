import type { LanguageModel } from 'ai'
import { LANGUAGES, CONTACT_TONES, FORMALITIES } from '../../../../contract/options.js'
import { DEFAULT_GREETING, DEFAULT_SIGNOFF } from '../../../../contract/options.js'
import { FIELD, SECTION, estimateTokens, readPrompt } from '../prompt.js'
import { composeEmail, type CompositionInput } from './compose.js'

/** The ai SDK's model interface (v3), named through `ai` so no extra package is imported. */
export type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>
type CallOptions = Parameters<LanguageModelV3['doStream']>[0]
type StreamPart =
  Awaited<ReturnType<LanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P>
    ? P
    : never

export const OFFLINE_PROVIDER = 'offline'
export const OFFLINE_MODEL = 'offline-writer'

/** How fast the offline writer "types": a draft streams in like a model's would. */
export type WritingPace = { firstTokenDelayMs: number; tokensPerSecond: number }

const oneOf = <T extends readonly string[]>(
  values: T,
  value: string | undefined,
  fallback: T[number],
) => ((values as readonly string[]).includes(value ?? '') ? (value as T[number]) : fallback)

/** Reads back what the prompt builder wrote: the offline writer gets exactly a model's input. */
export function compositionFromPrompt(options: CallOptions): CompositionInput {
  const text = options.prompt
    .flatMap((m) => (m.role === 'user' ? m.content : []))
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n')
  const prompt = readPrompt(text)
  const recipient = prompt.fields(SECTION.recipient)
  const task = prompt.fields(SECTION.task)
  const profile = prompt.fields(SECTION.profile)
  return {
    kind: task.get(FIELD.write)?.startsWith('a reply') ? 'smart-reply' : 'generate-email',
    language: oneOf(LANGUAGES, recipient.get(FIELD.language), 'english'),
    tone: oneOf(CONTACT_TONES, recipient.get(FIELD.tone), 'professional'),
    formality: oneOf(FORMALITIES, recipient.get(FIELD.formality), 'formal'),
    greeting: recipient.get(FIELD.greeting) ?? DEFAULT_GREETING,
    signoff: recipient.get(FIELD.signoff) ?? DEFAULT_SIGNOFF,
    recipientName: recipient.get(FIELD.name) ?? null,
    senderName: task.get(FIELD.signAs) ?? '',
    request: prompt.quoted(SECTION.request),
    originalEmail: prompt.quoted(SECTION.original),
    subject: task.get(FIELD.subject) ?? null,
    sentenceStructure: oneOf(
      ['short', 'long', 'mixed'] as const,
      profile.get(FIELD.sentenceStructure),
      'mixed',
    ),
  }
}

/** All the text the model was given (system and user), for the offline token count. */
function promptText(options: CallOptions): string {
  return options.prompt
    .map((m) =>
      m.role === 'system'
        ? m.content
        : m.content.map((part) => ('text' in part ? part.text : '')).join('\n'),
    )
    .join('\n')
}

function usage(input: string, output: string) {
  return {
    inputTokens: {
      total: estimateTokens(input),
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: estimateTokens(output), text: undefined, reasoning: undefined },
  }
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * The offline writer as an ai-SDK language model (decision 011): `streamText` drives it exactly like a
 * remote model, so the routes, credits, drafts and cancel work the same with or without a key.
 * It composes from the prompt (the recipient's preferences, the request or the original
 * e-mail) and streams the draft word by word at `pace`.
 */
export function createOfflineWriter(
  pace: WritingPace = { firstTokenDelayMs: 0, tokensPerSecond: 250 },
): LanguageModelV3 {
  const compose = (options: CallOptions) => composeEmail(compositionFromPrompt(options))
  return {
    specificationVersion: 'v3',
    provider: OFFLINE_PROVIDER,
    modelId: OFFLINE_MODEL,
    supportedUrls: {},

    async doGenerate(options) {
      const text = compose(options)
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(promptText(options), text),
        warnings: [],
      }
    },

    async doStream(options) {
      const text = compose(options)
      const words = text.match(/\s*\S+/g) ?? []
      const signal = options.abortSignal
      const gap = Number.isFinite(pace.tokensPerSecond) ? 1000 / pace.tokensPerSecond : 0
      const stream = new ReadableStream<StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: 'stream-start', warnings: [] })
            if (pace.firstTokenDelayMs > 0) await sleep(pace.firstTokenDelayMs, signal)
            controller.enqueue({ type: 'text-start', id: 'draft' })
            for (const [index, word] of words.entries()) {
              if (index > 0 && gap > 0) await sleep(gap, signal)
              controller.enqueue({ type: 'text-delta', id: 'draft', delta: word })
            }
            controller.enqueue({ type: 'text-end', id: 'draft' })
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: usage(promptText(options), text),
            })
            controller.close()
          } catch (error) {
            controller.error(error)
          }
        },
      })
      return { stream }
    },
  }
}
