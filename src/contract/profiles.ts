import { z } from 'zod'
import { PROFILE_STYLES, PROFILE_TONES, SENTENCE_STRUCTURES, VOCABULARIES } from './options.js'

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null))

const phraseList = z
  .array(z.string().trim().min(1).max(200))
  .max(50, 'At most 50 entries')
  .default([])

/** The spec's 'X is required' when the field is missing, the allowed values when it is wrong. */
const option = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required`
        : `${label} must be one of: ${values.join(', ')}`,
  })

/** What the create and edit dialogs send; the messages are the spec's (section 5). */
export const WritingProfileInputSchema = z.object({
  name: z
    .string({ error: 'Profile name is required' })
    .trim()
    .min(1, 'Profile name is required')
    .max(120),
  description: optionalText(1000),
  tone: option(PROFILE_TONES, 'Tone'),
  style: option(PROFILE_STYLES, 'Style'),
  vocabulary: option(VOCABULARIES, 'Vocabulary'),
  sentenceStructure: option(SENTENCE_STRUCTURES, 'Sentence structure'),
  personalityTraits: phraseList,
  commonPhrases: phraseList,
  avoidPhrases: phraseList,
  signatureStyle: optionalText(500),
  exampleText: optionalText(20000),
})
export type WritingProfileInput = z.input<typeof WritingProfileInputSchema>

export const WritingProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  tone: z.enum(PROFILE_TONES),
  style: z.enum(PROFILE_STYLES),
  vocabulary: z.enum(VOCABULARIES),
  sentenceStructure: z.enum(SENTENCE_STRUCTURES),
  personalityTraits: z.array(z.string()),
  commonPhrases: z.array(z.string()),
  avoidPhrases: z.array(z.string()),
  signatureStyle: z.string().nullable(),
  exampleText: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type WritingProfile = z.infer<typeof WritingProfileSchema>
export const WritingProfileListSchema = z.array(WritingProfileSchema)
