/** What the offline writer reads from a prompt, and what it gives back (decision 045). */
import type { RefineAction } from '../../../../contract/ai.js'
import type { ContactTone, Formality, Language, WritingKind } from '../prompt.js'
import type { Ctx } from './acts.js'

/** What the offline writer reads from the prompt (see `compositionFromPrompt`). */
export type WriterInput = {
  kind: WritingKind
  /** The language to write in: the recipient's, or for reply options the user's. */
  language: Language
  recipientLanguage: Language
  tone: ContactTone
  formality: Formality
  greeting: string
  signoff: string
  recipientName: string | null
  senderName: string
  memory: string | null
  context: string | null
  /** True when the prompt carries earlier messages with the contact. */
  hasConversation: boolean
  request: string | null
  /** The template a new e-mail starts from, filled for the contact (decision 051). */
  template?: string | null
  originalEmail: string | null
  originalSubject: string | null
  instruction: string | null
  draft: string | null
  refine: RefineAction | null
  /** The subject the user gave a new e-mail. */
  subject: string | null
  variation: number
  sentenceStructure: 'short' | 'long' | 'mixed'
  avoidPhrases: string[]
}

/** A draft and, when the writer left something out, what to tell the user. */
export type Written = { text: string; notice: string | null }

/** The contact's register: formal address or not, warm tone or neutral. */
export const ctxOf = (input: Pick<WriterInput, 'formality' | 'tone'>): Ctx => ({
  formal: input.formality === 'formal',
  warm: input.tone === 'friendly' || input.tone === 'casual',
})
