import { describe, expect, it } from 'vitest'
import { contactBadges } from './contact-badges'

describe("a contact's badges", () => {
  it('show tone, formality and language', () => {
    expect(contactBadges({ tone: 'friendly', formality: 'informal', language: 'spanish' })).toEqual(
      [
        { text: 'Friendly', title: 'Tone' },
        { text: 'Informal', title: 'Formality' },
        { text: 'Spanish', title: 'Language' },
      ],
    )
  })

  it('say a word once when tone and formality share it, and what it stands for', () => {
    expect(contactBadges({ tone: 'formal', formality: 'formal', language: 'spanish' })).toEqual([
      { text: 'Formal', title: 'Tone and formality' },
      { text: 'Spanish', title: 'Language' },
    ])
  })
})
