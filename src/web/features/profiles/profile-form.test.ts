import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { WritingProfile } from '../../../contract/profiles'
import {
  classifyUpload,
  formatList,
  parseList,
  ProfileFormSchema,
  profileFormValues,
} from './profile-form'
import { insertStarter, WRITING_PROMPTS } from './writing-prompts'

const stored: WritingProfile = {
  id: 'p1',
  name: 'Work',
  description: null,
  tone: 'direct',
  style: 'technical',
  vocabulary: 'advanced',
  sentenceStructure: 'short',
  personalityTraits: ['curious', 'calm'],
  commonPhrases: ['Happy to help'],
  avoidPhrases: [],
  signatureStyle: null,
  exampleText: null,
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}

describe('phrase lists', () => {
  it('split on commas and lines, trim, drop blanks and repeats', () => {
    expect(parseList('warm, direct\n\n  curious ,Warm,\r\nprecise')).toEqual([
      'warm',
      'direct',
      'curious',
      'precise',
    ])
    expect(parseList('  ,\n ')).toEqual([])
  })

  it('round-trip through the form', () => {
    expect(parseList(formatList(['Happy to help', 'Cheers']))).toEqual(['Happy to help', 'Cheers'])
  })
})

describe('the profile form', () => {
  it('starts with the spec defaults and opens a stored profile as it is', () => {
    expect(profileFormValues()).toMatchObject({
      tone: 'professional',
      style: 'concise',
      vocabulary: 'standard',
      sentenceStructure: 'mixed',
      personalityTraits: '',
    })
    expect(profileFormValues(stored)).toMatchObject({
      tone: 'direct',
      personalityTraits: 'curious, calm',
      description: '',
    })
  })

  it('gives the spec messages', () => {
    const result = ProfileFormSchema.safeParse({
      ...profileFormValues(),
      name: ' ',
      tone: '',
      style: '',
      vocabulary: '',
      sentenceStructure: '',
    })
    expect(result.success || z.flattenError(result.error).fieldErrors).toEqual({
      name: ['Profile name is required'],
      tone: ['Tone is required'],
      style: ['Style is required'],
      vocabulary: ['Vocabulary is required'],
      sentenceStructure: ['Sentence structure is required'],
    })
  })

  it('sends lists as arrays and blank optional text as null', () => {
    const input = ProfileFormSchema.parse({
      ...profileFormValues(),
      name: 'Friendly',
      commonPhrases: 'Cheers\nTalk soon',
    })
    expect(input).toEqual(
      expect.objectContaining({
        name: 'Friendly',
        commonPhrases: ['Cheers', 'Talk soon'],
        personalityTraits: [],
        description: null,
        exampleText: null,
      }),
    )
  })

  it('checks a typed list as the contract checks a list', () => {
    const many = Array.from({ length: 51 }, (_, i) => `phrase ${i}`).join(', ')
    const result = ProfileFormSchema.safeParse({
      ...profileFormValues(),
      name: 'Long',
      avoidPhrases: many,
    })
    expect(result.success || z.flattenError(result.error).fieldErrors).toEqual({
      avoidPhrases: ['At most 50 entries'],
    })
  })
})

describe('uploads', () => {
  it('accept .txt, .pdf and .docx only', () => {
    expect(classifyUpload({ name: 'notes.TXT', type: 'text/plain' })).toBe('text')
    expect(classifyUpload({ name: 'notes.txt', type: '' })).toBe('text')
    expect(classifyUpload({ name: 'cv.pdf', type: 'application/pdf' })).toBe('document')
    expect(
      classifyUpload({
        name: 'letter.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toBe('document')
    expect(classifyUpload({ name: 'old.doc', type: 'application/msword' })).toBe('invalid')
    expect(classifyUpload({ name: 'photo.png', type: 'image/png' })).toBe('invalid')
    expect(classifyUpload({ name: 'trick.txt', type: 'image/png' })).toBe('invalid')
    expect(classifyUpload({ name: 'txt', type: '' })).toBe('invalid')
  })
})

describe('writing prompts', () => {
  it('are the six of the spec', () => {
    expect(WRITING_PROMPTS.map((p) => p.label)).toEqual([
      'Follow-up after meeting',
      'Thank you to colleague',
      'Request information',
      'Project update',
      'Apology for delay',
      'Congratulatory message',
    ])
  })

  it('fill an empty sample or go after what is there', () => {
    expect(insertStarter('  ', 'Hi,')).toBe('Hi,')
    expect(insertStarter('Hello there.\n', 'Hi,')).toBe('Hello there.\n\nHi,')
  })
})
