import { z } from 'zod'
import { CONTACT_TONES, FORMALITIES, LANGUAGES } from './options.js'

/** Longest free text a generation accepts (the request, a pasted e-mail); a 400 says so beyond it. */
export const MAX_AI_INPUT_CHARS = 8000

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
  threadId: z.string().trim().min(1).max(200).optional(),
})

/** POST /api/ai/generate-email: Compose's "Write with AI". */
export const GenerateEmailInputSchema = WritingTargetSchema.extend({
  userInput: z
    .string({ error: 'Please describe what you want to write' })
    .trim()
    .min(1, 'Please describe what you want to write')
    .max(MAX_AI_INPUT_CHARS, `The description must be at most ${MAX_AI_INPUT_CHARS} characters`),
  /** The subject already typed in Compose, if any. */
  subject: shortText('Subject', 998),
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
})
export type SmartReplyInput = z.input<typeof SmartReplyInputSchema>

/** Who wrote a draft: a configured model, or the deterministic offline writer (D11). */
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
  /** The AiDraft row; send it back with the e-mail so the send is recorded (D13). */
  draftId: z.string(),
  writer: WriterSchema,
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
export const SAMPLE_MIME_TYPES = [
  'text/plain',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const
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
