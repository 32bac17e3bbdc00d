import { describe, expect, it } from 'vitest'
import { contactBadges } from './contact-picker'

describe("the compose contact card's badges", () => {
  it('show tone, formality and language', () => {
    expect(contactBadges({ tone: 'friendly', formality: 'informal', language: 'spanish' })).toEqual(
      ['Friendly', 'Informal', 'Spanish'],
    )
  })

  it('say a word once when tone and formality share it', () => {
    expect(contactBadges({ tone: 'formal', formality: 'formal', language: 'spanish' })).toEqual([
      'Formal',
      'Spanish',
    ])
  })
})
