import { describe, expect, it } from 'vitest'
import { IMPORTANT_WORDS, URGENT_WORDS, threadPriority } from './priority'

const thread = (subject: string, snippet = '', isStarred = false) => ({
  subject,
  snippet,
  isStarred,
})

describe('thread priority (by the product spec rules)', () => {
  it.each(URGENT_WORDS)('is urgent when the subject names "%s"', (word) => {
    expect(threadPriority(thread(`Re: ${word} question`))).toBe('urgent')
  })

  it.each(IMPORTANT_WORDS)('is important when the snippet names "%s"', (word) => {
    expect(threadPriority(thread('Hello', `about the ${word} tomorrow`))).toBe('important')
  })

  it('ignores case and punctuation around the word', () => {
    expect(threadPriority(thread('URGENT: invoices not syncing'))).toBe('urgent')
    expect(threadPriority(thread('Need this ASAP!'))).toBe('urgent')
    expect(threadPriority(thread('Deadline today: board deck'))).toBe('urgent')
    expect(threadPriority(thread('Can you Review the launch plan?'))).toBe('important')
    expect(threadPriority(thread('Meetings next week'))).toBe('important')
  })

  it('lets urgent win over important and over the star', () => {
    expect(threadPriority(thread('Important and urgent', '', true))).toBe('urgent')
    expect(threadPriority(thread('Meeting', 'the deadline moved'))).toBe('urgent')
  })

  it('makes a starred thread important', () => {
    expect(threadPriority(thread('Lunch?', 'pizza or tacos', true))).toBe('important')
  })

  it('is normal otherwise', () => {
    expect(threadPriority(thread('Lunch?', 'pizza or tacos'))).toBe('normal')
    expect(threadPriority(thread('', ''))).toBe('normal')
  })

  it('does not match a word hidden inside another word', () => {
    expect(threadPriority(thread('An unimportant note', 'nothing noncritical'))).toBe('normal')
  })
})
