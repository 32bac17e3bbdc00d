import { z } from 'zod'
import { gmailId } from './mail.js'
import {
  CONTACT_TONES,
  FORMALITIES,
  LANGUAGES,
  PROFILE_STYLES,
  PROFILE_TONES,
  SENTENCE_STRUCTURES,
  VOCABULARIES,
} from './options.js'

/** Longest free text a generation accepts (the request, a pasted e-mail); a 400 says so beyond it. */
export const MAX_AI_INPUT_CHARS = 8000
/** Longest instruction for a reply ("What should the reply say?"). */
export const MAX_INSTRUCTION_CHARS = 2000

const preference = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).optional()

const shortText = (label: string, max = 100) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional()

/**
 * The preferences the spec's calls carry. When `contactId` names a saved contact, its stored
 * preferences win; when nothing names one, the Settings defaults apply, and these fixed values
 * are only the last fallback.
 */
const WritingTargetSchema = z.object({
  contactId: z.uuid('Not a valid contact id').optional(),
  contactName: shortText('Contact name', 200),
  tone: preference(CONTACT_TONES, 'Tone'),
  formality: preference(FORMALITIES, 'Formality'),
  language: preference(LANGUAGES, 'Language'),
  greeting: shortText('Greeting'),
  signoff: shortText('Sign-off'),
  /** The Gmail thread the text belongs to, for the conversation memory. */
  threadId: gmailId().optional(),
  /**
   * The editor holds the user's Gmail signature under the draft (issue 28): the draft ends with
   * the sign-off alone, since the signature carries the name.
   */
  signedBelow: z.boolean().optional(),
})

const DESCRIBE = 'Please describe what you want to write'

/**
 * POST /api/ai/generate-email: Compose's "Write with AI". With a `templateId` (a built-in
 * template's or one of the user's own) the draft starts from that template, adapted to the
 * contact (decision 051), and the description may be left empty.
 */
export const GenerateEmailInputSchema = WritingTargetSchema.extend({
  userInput: z
    .string({ error: DESCRIBE })
    .trim()
    .max(MAX_AI_INPUT_CHARS, `The description must be at most ${MAX_AI_INPUT_CHARS} characters`)
    .default(''),
  /** The subject already typed in Compose, if any. */
  subject: shortText('Subject', 998),
  templateId: z.string().trim().min(1).max(100, 'Not a valid template id').optional(),
}).refine((input) => input.userInput !== '' || input.templateId !== undefined, {
  message: DESCRIBE,
  path: ['userInput'],
})
export type GenerateEmailInput = z.input<typeof GenerateEmailInputSchema>

/** POST /api/ai/smart-reply: a reply to the message the user is reading. */
export const SmartReplyInputSchema = WritingTargetSchema.extend({
  originalEmailBody: z
    .string({ error: 'The original e-mail is required' })
    .trim()
    .min(1, 'The original e-mail is required')
    .max(
      MAX_AI_INPUT_CHARS * 4,
      `The original e-mail must be at most ${MAX_AI_INPUT_CHARS * 4} characters`,
    ),
  /** The sender's address, to find their saved contact when no contactId is given. */
  senderEmail: z.string().trim().max(320).optional(),
  /** The subject of the e-mail being answered (read from the thread when threadId names it). */
  subject: shortText('Subject', 998),
  /** What the reply should say ("What should the reply say?", or a reply option picked). */
  instruction: z
    .string()
    .trim()
    .max(MAX_INSTRUCTION_CHARS, `The instruction must be at most 2,000 characters`)
    .optional(),
})
export type SmartReplyInput = z.input<typeof SmartReplyInputSchema>

/** POST /api/ai/reply-options: three short ways to answer a mail, before any draft (no credit). */
export const ReplyOptionsInputSchema = z.object({
  originalEmailBody: SmartReplyInputSchema.shape.originalEmailBody,
  senderEmail: SmartReplyInputSchema.shape.senderEmail,
  threadId: gmailId().optional(),
  subject: shortText('Subject', 998),
})
export type ReplyOptionsInput = z.input<typeof ReplyOptionsInputSchema>

export const ReplyOptionSchema = z.object({
  /** The chip's words, in the user's language ("Yes, Thursday works"). */
  label: z.string().max(40),
  /** What the reply should say, sent back as Smart Reply's `instruction` when picked. */
  instruction: z.string().max(MAX_INSTRUCTION_CHARS),
})
export const ReplyOptionsSchema = z.object({ options: z.array(ReplyOptionSchema).length(3) })
export type ReplyOption = z.infer<typeof ReplyOptionSchema>

/** How a draft can be rewritten (the buttons under a draft). */
export const REFINE_ACTIONS = [
  'shorter',
  'longer',
  'more-formal',
  'more-casual',
  'fix-grammar',
] as const
export type RefineAction = (typeof REFINE_ACTIONS)[number]

/**
 * POST /api/ai/refine: a draft rewritten, streamed like the other generations, in the same
 * language, keeping its greeting and sign-off; one credit. The draft is given as `text`, or as
 * the `draftId` of an AI draft of this user's (its latest version).
 */
export const RefineInputSchema = WritingTargetSchema.extend({
  action: z.enum(REFINE_ACTIONS, {
    error: `Action must be one of: ${REFINE_ACTIONS.join(', ')}`,
  }),
  text: z
    .string()
    .trim()
    .min(1, 'The draft to refine is empty')
    .max(MAX_AI_INPUT_CHARS, `The draft must be at most ${MAX_AI_INPUT_CHARS} characters`)
    .optional(),
  draftId: z.uuid('Not a valid draft id').optional(),
}).refine((input) => input.text !== undefined || input.draftId !== undefined, {
  message: 'Give the draft to refine as text or draftId',
  path: ['text'],
})
export type RefineInput = z.input<typeof RefineInputSchema>

/** Who wrote a draft: a configured model, or the deterministic offline writer (decision 011). */
export const WriterSchema = z.object({
  provider: z.string(),
  model: z.string(),
  /** True for the offline writer; the UI then labels the draft "Offline writer". */
  offline: z.boolean(),
})
export type Writer = z.infer<typeof WriterSchema>

/** The JSON answer of both generation calls (callers that do not ask for a stream). */
export const GeneratedDraftSchema = z.object({
  content: z.string(),
  /** The spec's smart-reply field name; the same text as `content`. */
  smartReply: z.string().optional(),
  subject: z.string().nullable(),
  /** The AiDraft row; send it back with the e-mail so the send is recorded (decision 034). */
  draftId: z.string(),
  writer: WriterSchema,
  /**
   * Said to the user beside the draft, never inside it: what the writer could not write (the
   * offline writer, a request it cannot say in the contact's language), and where a model
   * that can is connected.
   */
  notice: z.string().nullable().optional(),
})
export type GeneratedDraft = z.infer<typeof GeneratedDraftSchema>

/**
 * The streamed answer: with `Accept: text/event-stream` the server sends server-sent events,
 * each `data:` line one of these, in order `start`, any number of `delta`, then `done` or
 * `error`. Closing the request cancels the generation.
 */
export const DraftStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), draftId: z.string(), writer: WriterSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), draft: GeneratedDraftSchema }),
  z.object({
    type: z.literal('error'),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
])
export type DraftStreamEvent = z.infer<typeof DraftStreamEventSchema>

/** POST /api/ai/extract-sample: a .txt, .pdf or .docx writing sample, read on the server. */
export const MAX_SAMPLE_BYTES = 5 * 1024 * 1024
export const ExtractSampleInputSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  mimeType: z.string().max(255),
  contentBase64: z
    .string()
    .max(
      Math.ceil((MAX_SAMPLE_BYTES * 4) / 3) + 4,
      `The file must be at most ${MAX_SAMPLE_BYTES / 1024 / 1024} MB`,
    ),
})
export const ExtractedSampleSchema = z.object({ text: z.string() })

/** What the server measures in a writing sample (decision 034); the analysis texts are built from it. */
export const StyleMetricsSchema = z.object({
  words: z.number().int(),
  sentences: z.number().int(),
  averageSentenceLength: z.number(),
  /** Share of words of three syllables or more, 0..1. */
  complexWordShare: z.number(),
  /** Flesch reading ease, higher is easier. */
  readability: z.number(),
  vocabularyLevel: z.enum(['simple', 'standard', 'advanced']),
  formality: z.enum(['formal', 'informal']),
  formalityMarkers: z.array(z.string()),
  tone: z.string(),
  greetings: z.array(z.string()),
  signoffs: z.array(z.string()),
  recurringPhrases: z.array(z.string()),
})
export type StyleMetrics = z.infer<typeof StyleMetricsSchema>

/** Writing-profile traits suggested from a sample, ready to fill the profile form. */
export const SuggestedTraitsSchema = z.object({
  tone: z.enum(PROFILE_TONES),
  style: z.enum(PROFILE_STYLES),
  vocabulary: z.enum(VOCABULARIES),
  sentenceStructure: z.enum(SENTENCE_STRUCTURES),
  commonPhrases: z.array(z.string()),
  signatureStyle: z.string().nullable(),
})
export type SuggestedTraits = z.infer<typeof SuggestedTraitsSchema>

/** POST /api/ai/analyze-writing-style. */
export const AnalyzeWritingStyleInputSchema = z.object({
  text: z.string().trim().min(1, 'Text to analyze is required').max(50000),
})

/** The spec's three fields, plus what was measured and the traits it suggests (decision 034). */
export const StyleAnalysisSchema = z.object({
  styleAnalysis: z.string(),
  suggestions: z.array(z.string()),
  learnedStyle: z.string(),
  metrics: StyleMetricsSchema,
  suggestedTraits: SuggestedTraitsSchema,
})
export type StyleAnalysis = z.infer<typeof StyleAnalysisSchema>

/** One language found in the user's sent mail, and what was learned from it. */
export const LearnedLanguageSchema = z.object({
  language: z.enum(LANGUAGES),
  /** Sent messages written in this language. */
  messageCount: z.number().int(),
  words: z.number().int(),
  /** null when the messages in this language hold too few words to learn a style from. */
  analysis: StyleAnalysisSchema.nullable(),
})
export type LearnedLanguage = z.infer<typeof LearnedLanguageSchema>

/**
 * POST /api/ai/learn-from-sent-mail: the user's own sent messages from the mail cache, grouped by
 * language and analysed per language. `sample` has a section per language learned (a header line
 * "=== German · 5 sent e-mails ===" each), kept as the profile's example text, so the contact's
 * language picks its own section when a draft is written; `analysis` describes every section and
 * its traits are those of the language most of the mail is in. The answer fills the profile
 * dialog; nothing is saved until the user saves.
 */
export const LearnFromSentMailSchema = z.object({
  /** Sent messages read, with text once their quoted mail is removed. */
  messageCount: z.number().int(),
  sample: z.string(),
  analysis: StyleAnalysisSchema,
  /** Every language found, most messages first. */
  languages: z.array(LearnedLanguageSchema),
})
export type LearnedFromSentMail = z.infer<typeof LearnFromSentMailSchema>
