/**
 * Runs the offline writer on a brief the way the service does: the prompt from `buildPrompt`,
 * through `streamText`, reading back the text, the pieces it streamed in and the notice in the
 * finish part's metadata. For the writer's tests.
 */
import { streamText } from 'ai'
import { detectLanguage, ISO_CODE } from '../features/ai/eval/checks.js'
import {
  buildPrompt,
  NOTICE_METADATA,
  type Language,
  type WritingBrief,
} from '../features/ai/prompt.js'
import { createOfflineWriter } from '../features/ai/writer/offline-writer.js'

export async function runWriter(brief: WritingBrief) {
  const { system, prompt } = buildPrompt(brief)
  const result = streamText({
    model: createOfflineWriter({ firstTokenDelayMs: 0, tokensPerSecond: Infinity }),
    system,
    prompt,
  })
  const deltas: string[] = []
  for await (const text of result.textStream) deltas.push(text)
  const metadata = await result.providerMetadata
  const notice = metadata?.[NOTICE_METADATA.provider]?.[NOTICE_METADATA.key]
  return { text: deltas.join(''), deltas, notice: typeof notice === 'string' ? notice : null }
}

export const SENDER = 'Ada Lovelace'

/** The four test contacts; Aisha's greeting already names her, as saved contacts often do. */
export const CONTACTS: Record<
  Language,
  { name: string; greeting: string; signoff: string; formal: string; informal: string }
> = {
  english: {
    name: 'Grace Hopper',
    greeting: 'Dear',
    signoff: 'Best regards',
    formal: 'Dear Grace Hopper,',
    informal: 'Dear Grace,',
  },
  spanish: {
    name: 'Aisha Rahman',
    greeting: 'Estimada Aisha',
    signoff: 'Atentamente',
    // A formal Spanish greeting ends with a colon.
    formal: 'Estimada Aisha:',
    informal: 'Estimada Aisha,',
  },
  french: {
    name: 'Chloé Martin',
    greeting: 'Bonjour',
    signoff: 'Bien à vous',
    formal: 'Bonjour Chloé Martin,',
    informal: 'Bonjour Chloé,',
  },
  german: {
    name: 'Jonas Weber',
    greeting: 'Hallo',
    signoff: 'Viele Grüße',
    formal: 'Hallo Jonas Weber,',
    informal: 'Hallo Jonas,',
  },
}

export const LANGUAGE_LIST = Object.keys(CONTACTS) as Language[]

export function brief(
  language: Language,
  overrides: Partial<WritingBrief> = {},
  recipient: Partial<WritingBrief['recipient']> = {},
): WritingBrief {
  const c = CONTACTS[language]
  return {
    kind: 'generate-email',
    senderName: SENDER,
    recipient: {
      name: c.name,
      email: null,
      tone: 'professional',
      formality: 'formal',
      language,
      greeting: c.greeting,
      signoff: c.signoff,
      memory: null,
      context: null,
      source: 'contact',
      ...recipient,
    },
    profile: null,
    conversation: [],
    request: null,
    originalEmail: null,
    subject: null,
    instruction: null,
    refine: null,
    variation: 0,
    ...overrides,
  }
}

/** The draft without its subject line: greeting, body paragraphs, sign-off and name. */
export function parts(text: string) {
  const subject = /^Subject: (.*)\n\n/.exec(text)
  const rest = subject ? text.slice(subject[0].length) : text
  const lines = rest.split('\n')
  return {
    subject: subject?.[1] ?? null,
    greeting: lines[0]!,
    body: lines.slice(1, -2).join('\n').trim(),
    signoff: lines.slice(-2).join('\n'),
  }
}

/**
 * Sentences whose language tinyld can tell (three words or more) that are not in `language`:
 * a draft must be in one language only, sentence by sentence.
 */
export function foreignSentences(text: string, language: Language): string[] {
  return (text.match(/(?:[^.!?\n]|\.(?=\d))+[.!?]*/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => (s.match(/\p{L}+/gu) ?? []).length >= 3)
    .filter((s) => detectLanguage(s) !== ISO_CODE[language])
}
