import { describe, expect, it } from 'vitest'
import { threadCountText } from './thread-count'

describe('the count above the list', () => {
  it('counts the label, in words and with separators', () => {
    expect(threadCountText(10_000, { kind: 'label' })).toBe('10,000 conversations')
    expect(threadCountText(1, { kind: 'label' })).toBe('1 conversation')
    expect(threadCountText(0, { kind: 'label' })).toBe('0 conversations')
  })

  it('a search within the label says how many of the label it found', () => {
    expect(threadCountText(10_000, { kind: 'search', found: 1 })).toBe('1 of 10,000 conversations')
  })

  it('all mail says it is looking, then what it found', () => {
    expect(threadCountText(3, { kind: 'allMail', found: undefined })).toBe('Searching all mail…')
    expect(threadCountText(3, { kind: 'allMail', found: 1_200 })).toBe(
      '1,200 conversations found in all mail',
    )
  })

  it('is empty until the label says how many it holds', () => {
    expect(threadCountText(undefined, { kind: 'label' })).toBe('')
    expect(threadCountText(undefined, { kind: 'allMail', found: 5 })).toBe('')
  })
})
