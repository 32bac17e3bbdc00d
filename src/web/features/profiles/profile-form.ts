import { z } from 'zod'
import { WritingProfileInputSchema, type WritingProfile } from '../../../contract/profiles'

/** The create/edit dialog's fields as the user sees them; the three lists are free text. */
export type ProfileFormValues = {
  name: string
  description: string
  tone: WritingProfile['tone']
  style: WritingProfile['style']
  vocabulary: WritingProfile['vocabulary']
  sentenceStructure: WritingProfile['sentenceStructure']
  personalityTraits: string
  commonPhrases: string
  avoidPhrases: string
  signatureStyle: string
  exampleText: string
}

/**
 * A comma- or line-separated list: entries trimmed, blanks dropped, repeats (ignoring case)
 * kept once, in the order first written.
 */
export function parseList(text: string): string[] {
  const seen = new Set<string>()
  const entries: string[] = []
  for (const raw of text.split(/[,\n]/)) {
    const entry = raw.trim()
    const key = entry.toLowerCase()
    if (!entry || seen.has(key)) continue
    seen.add(key)
    entries.push(entry)
  }
  return entries
}

export function formatList(entries: readonly string[]): string {
  return entries.join(', ')
}

/** A stored profile's values, or the spec's defaults for a new one (section 3). */
export function profileFormValues(profile?: WritingProfile): ProfileFormValues {
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    tone: profile?.tone ?? 'professional',
    style: profile?.style ?? 'concise',
    vocabulary: profile?.vocabulary ?? 'standard',
    sentenceStructure: profile?.sentenceStructure ?? 'mixed',
    personalityTraits: formatList(profile?.personalityTraits ?? []),
    commonPhrases: formatList(profile?.commonPhrases ?? []),
    avoidPhrases: formatList(profile?.avoidPhrases ?? []),
    signatureStyle: profile?.signatureStyle ?? '',
    exampleText: profile?.exampleText ?? '',
  }
}

const list = WritingProfileInputSchema.shape.personalityTraits.unwrap()

/** A list the user types as text, checked as the contract's list once split into entries. */
const listText = z.string().transform(parseList).pipe(list)

/**
 * The dialog's schema: the contract's, with the three lists typed as free text. It makes of the
 * form what the contract's schema makes of a request, with the same (spec section 5) messages.
 */
export const ProfileFormSchema = WritingProfileInputSchema.extend({
  personalityTraits: listText,
  commonPhrases: listText,
  avoidPhrases: listText,
})

export const INVALID_FILE_TYPE_MESSAGE =
  'Invalid file type. Please upload a .txt, .pdf, or .docx file.'

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/**
 * What an uploaded writing sample is: plain text (read here), a PDF/DOCX document, or
 * something else. The extension decides; a type the browser reports must not contradict it.
 */
export function classifyUpload(file: {
  name: string
  type: string
}): 'text' | 'document' | 'invalid' {
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1]
  const type = file.type.toLowerCase()
  if (extension === 'txt' && (type === '' || type.startsWith('text/plain'))) return 'text'
  if (extension === 'pdf' && (type === '' || type === 'application/pdf')) return 'document'
  if (extension === 'docx' && (type === '' || type === DOCX_TYPE)) return 'document'
  return 'invalid'
}

/** The upload accept list for the file picker. */
export const UPLOAD_ACCEPT = `.txt,.pdf,.docx,text/plain,application/pdf,${DOCX_TYPE}`
