import type { LanguageModel } from 'ai'
import { REFINE_ACTIONS } from '../../../../contract/ai.js'
import {
  CONTACT_TONES,
  DEFAULT_GREETING,
  DEFAULT_SIGNOFF,
  FORMALITIES,
  LANGUAGES,
  SENTENCE_STRUCTURES,
} from '../../../../contract/options.js'
import {
  FIELD,
  NOTICE_METADATA,
  SECTION,
  WRITE_TASK,
  estimateTokens,
  readPrompt,
  type WritingKind,
} from '../prompt.js'
import { composeEmail } from './compose.js'
import { writeFromTemplate } from './from-template.js'
import type { WriterInput, Written } from './input.js'
import { refineDraft } from './refine.js'
import { replyOptions } from './reply-options.js'

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

/** The kind of writing the Task's `Write:` line names (decision 045); an unknown one is a new e-mail. */
function kindOf(write: string | undefined): WritingKind {
  const kinds = Object.entries(WRITE_TASK) as [WritingKind, string][]
  return (
    kinds.find(([, words]) => words === write)?.[0] ??
    (write?.startsWith('a reply') ? 'smart-reply' : 'generate-email')
  )
}

/** "\"a\"; \"b\"" as the prompt lists phrases. */
const phraseList = (value: string | undefined) =>
  [...(value ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter(Boolean)

/** Reads back what the prompt builder wrote: the offline writer gets exactly a model's input. */
export function compositionFromPrompt(options: CallOptions): WriterInput {
  const text = options.prompt
    .flatMap((m) => (m.role === 'user' ? m.content : []))
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n')
  const prompt = readPrompt(text)
  const recipient = prompt.fields(SECTION.recipient)
  const task = prompt.fields(SECTION.task)
  const profile = prompt.fields(SECTION.profile)
  const original = prompt.fields(SECTION.original)
  const kind = kindOf(task.get(FIELD.write))
  const variation = Number.parseInt(task.get(FIELD.variation) ?? '', 10)
  return {
    kind,
    // Reply options are buttons for the user: the Task names their language (the user's).
    language: oneOf(
      LANGUAGES,
      (kind === 'reply-options' ? task.get(FIELD.language) : null) ?? recipient.get(FIELD.language),
      'english',
    ),
    recipientLanguage: oneOf(LANGUAGES, recipient.get(FIELD.language), 'english'),
    tone: oneOf(CONTACT_TONES, recipient.get(FIELD.tone), 'professional'),
    formality: oneOf(FORMALITIES, recipient.get(FIELD.formality), 'formal'),
    greeting: recipient.get(FIELD.greeting) ?? DEFAULT_GREETING,
    signoff: recipient.get(FIELD.signoff) ?? DEFAULT_SIGNOFF,
    recipientName: recipient.get(FIELD.name) ?? null,
    senderName: task.get(FIELD.signAs) ?? '',
    memory: recipient.get(FIELD.memory) ?? null,
    context: recipient.get(FIELD.context) ?? null,
    hasConversation: text.includes(`## ${SECTION.conversation}`),
    request: prompt.quoted(SECTION.request),
    template: kind === 'generate-email' ? prompt.quoted(SECTION.template) : null,
    originalEmail: prompt.quoted(SECTION.original),
    originalSubject: original.get(FIELD.subject) ?? null,
    instruction: prompt.quoted(SECTION.instruction),
    draft: prompt.quoted(SECTION.draft),
    refine: oneOf(REFINE_ACTIONS, task.get(FIELD.refine), 'fix-grammar'),
    subject: kind === 'generate-email' ? (task.get(FIELD.subject) ?? null) : null,
    variation: Number.isFinite(variation) ? variation : 0,
    sentenceStructure: oneOf(SENTENCE_STRUCTURES, profile.get(FIELD.sentenceStructure), 'mixed'),
    avoidPhrases: phraseList(profile.get(FIELD.avoidPhrases)),
  }
}

/** What the offline writer writes for a prompt, and its notice for the user. */
export function writeOffline(input: WriterInput): Written {
  switch (input.kind) {
    case 'refine':
      return refineDraft(input)
    case 'reply-options':
      return replyOptions(input)
    default:
      return input.kind === 'generate-email' && input.template
        ? writeFromTemplate(input, input.template)
        : composeEmail(input)
  }
}

/** The notice travels as provider metadata (prompt.ts, NOTICE_METADATA); none, no metadata. */
function metadata(notice: string | null) {
  return notice ? { [NOTICE_METADATA.provider]: { [NOTICE_METADATA.key]: notice } } : undefined
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
 * It writes from the prompt (decision 045: what the request or the mail asks, said by the
 * contact's phrasebook) and streams the draft word by word at `pace`; what it could not say
 * goes to the user as a notice in the finish part's provider metadata.
 */
export function createOfflineWriter(
  pace: WritingPace = { firstTokenDelayMs: 0, tokensPerSecond: 250 },
): LanguageModelV3 {
  const compose = (options: CallOptions) => writeOffline(compositionFromPrompt(options))
  return {
    specificationVersion: 'v3',
    provider: OFFLINE_PROVIDER,
    modelId: OFFLINE_MODEL,
    supportedUrls: {},

    async doGenerate(options) {
      const { text, notice } = compose(options)
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(promptText(options), text),
        providerMetadata: metadata(notice),
        warnings: [],
      }
    },

    async doStream(options) {
      const { text, notice } = compose(options)
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
              providerMetadata: metadata(notice),
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
