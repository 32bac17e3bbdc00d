import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ContactInputSchema, type Contact } from '../../../contract/contacts'
import { canAutosave, contactFormValues } from './contact-form'

const stored: Contact = {
  id: '7d1f0a4e-31a8-4a38-9a4c-0c1f0c7d7f11',
  name: 'Jane Doe',
  email: 'jane@example.com',
  avatar: null,
  tone: 'friendly',
  formality: 'informal',
  language: 'french',
  greeting: '',
  signoff: '',
  memory: 'Met at the Lyon conference',
  context: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  writingProfileId: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
}

describe('the contact form', () => {
  it('starts a new contact with the spec defaults', () => {
    expect(contactFormValues()).toEqual({
      name: '',
      email: '',
      tone: 'professional',
      formality: 'formal',
      language: 'english',
      greeting: 'Dear',
      signoff: 'Best regards',
      memory: '',
      context: '',
      writingProfileId: null,
    })
  })

  it('opens a stored contact with its values; greeting and sign-off fall back to the defaults', () => {
    expect(contactFormValues(stored)).toMatchObject({
      name: 'Jane Doe',
      tone: 'friendly',
      formality: 'informal',
      language: 'french',
      greeting: 'Dear',
      signoff: 'Best regards',
      memory: 'Met at the Lyon conference',
      context: '',
    })
  })

  it('is checked by the contract schema as it is, with its messages by field', () => {
    const result = ContactInputSchema.safeParse({
      ...contactFormValues(),
      name: '  ',
      email: 'not-an-email',
    })
    expect(result.success || z.flattenError(result.error).fieldErrors).toEqual({
      name: ['Name is required'],
      email: ['Enter a valid email address'],
    })
  })

  it('sends trimmed values, a lower-cased e-mail and null for blank notes', () => {
    const input = ContactInputSchema.parse({
      ...contactFormValues(),
      name: ' Jane Doe ',
      email: 'Jane@Example.com',
      greeting: ' ',
    })
    expect(input).toEqual(
      expect.objectContaining({
        name: 'Jane Doe',
        email: 'jane@example.com',
        greeting: 'Dear',
        memory: null,
        context: null,
      }),
    )
  })

  it('autosaves only when name and e-mail are both present', () => {
    expect(canAutosave({ ...contactFormValues(), name: 'Jane', email: '' })).toBe(false)
    expect(canAutosave({ ...contactFormValues(), name: ' ', email: 'j@x.io' })).toBe(false)
    expect(canAutosave({ ...contactFormValues(), name: 'Jane', email: 'j@x.io' })).toBe(true)
  })
})
