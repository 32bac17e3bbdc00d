import { describe, expect, it } from 'vitest'
import { parseSearch, resolveLabel } from './search-query.js'

describe('reading a search as Gmail does', () => {
  it('splits words, "phrases", operators with quoted values and negation', () => {
    expect(parseSearch('budget from:"Ada L" -is:unread "next week" -spam label:Clients')).toEqual([
      { kind: 'text', value: 'budget', phrase: false, negated: false },
      { kind: 'from', value: 'Ada L', negated: false },
      { kind: 'is', flag: 'unread', negated: true },
      { kind: 'text', value: 'next week', phrase: true, negated: false },
      { kind: 'text', value: 'spam', phrase: false, negated: true },
      { kind: 'label', value: 'Clients', negated: false },
    ])
  })

  it('reads dates as Gmail writes them, and refuses what names no day', () => {
    expect(parseSearch('after:2024/02/29 before:2024-03-01')).toEqual([
      { kind: 'after', date: new Date('2024-02-29T00:00:00Z'), negated: false },
      { kind: 'before', date: new Date('2024-03-01T00:00:00Z'), negated: false },
    ])
    expect(() => parseSearch('before:2023/02/29')).toThrow(/q: before: .* is not a date/)
    expect(() => parseSearch('after:soon')).toThrow(/q: after:/)
    expect(() => parseSearch('is:snoozed')).toThrow(/q: is:/)
    expect(() => parseSearch('has:youtube')).toThrow(/q: has:/)
  })

  it('keeps unknown word: tokens as text and leaves out what has nothing to find yet', () => {
    expect(parseSearch('10:30 from: - "')).toEqual([
      { kind: 'text', value: '10:30', phrase: false, negated: false },
    ])
    expect(parseSearch('has:attachment')).toEqual([{ kind: 'hasAttachment', negated: false }])
  })

  it('resolves label names: system labels, user labels ignoring case, unknown as typed', () => {
    const names = { Label_1: 'Follow-up', Label_2: 'Work/Clients' }
    expect(resolveLabel('inbox', names)).toBe('INBOX')
    expect(resolveLabel('follow-up', names)).toBe('Label_1')
    expect(resolveLabel('work-clients', names)).toBe('Label_2')
    expect(resolveLabel('nowhere', names)).toBe('nowhere')
  })
})
