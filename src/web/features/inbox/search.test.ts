import { describe, expect, it } from 'vitest'
import type { Thread } from '../../../contract/mail'
import { filterThreads } from './search'
import { visibleLabels } from './labels'

function thread(id: string, fields: Partial<Thread>): Thread {
  return {
    id,
    subject: '',
    snippet: '',
    body: '',
    textBody: '',
    htmlBody: null,
    hasHtml: false,
    sender: { name: '', email: '' },
    recipient: '',
    cc: '',
    timestamp: '2025-06-10T10:00:00.000Z',
    labels: ['INBOX'],
    isUnread: false,
    isStarred: false,
    headers: {
      from: '',
      to: '',
      cc: '',
      bcc: '',
      date: '',
      subject: '',
      messageId: '',
      replyTo: '',
    },
    messageCount: 1,
    hasAttachments: false,
    ...fields,
  }
}

const threads = [
  thread('1', {
    subject: 'Quarterly Budget',
    sender: { name: 'Priya Shah', email: 'priya@acme.io' },
  }),
  thread('2', {
    snippet: 'the venue SHORTLIST is attached',
    sender: { name: 'Sam', email: 'sam@x.io' },
  }),
  thread('3', {
    body: 'Full text mentions a kayak trip',
    sender: { name: 'Lee', email: 'lee@y.io' },
  }),
]

describe('client-side search (spec section 5)', () => {
  it('matches subject, sender name, sender e-mail, snippet and body, ignoring case', () => {
    expect(filterThreads(threads, 'budget').map((t) => t.id)).toEqual(['1'])
    expect(filterThreads(threads, 'PRIYA').map((t) => t.id)).toEqual(['1'])
    expect(filterThreads(threads, 'sam@x').map((t) => t.id)).toEqual(['2'])
    expect(filterThreads(threads, 'shortlist').map((t) => t.id)).toEqual(['2'])
    expect(filterThreads(threads, 'Kayak').map((t) => t.id)).toEqual(['3'])
  })

  it('returns everything for a blank query and nothing for no match', () => {
    expect(filterThreads(threads, '  ')).toBe(threads)
    expect(filterThreads(threads, 'zebra')).toEqual([])
  })
})

describe('visible labels', () => {
  it('hides system labels, lowercases the rest and names categories plainly', () => {
    expect(
      visibleLabels([
        'INBOX',
        'UNREAD',
        'STARRED',
        'IMPORTANT',
        'Clients',
        'CATEGORY_PROMOTIONS',
        'Follow-up',
      ]),
    ).toEqual(['clients', 'promotions', 'follow-up'])
  })
})
