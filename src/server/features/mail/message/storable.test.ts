import { describe, expect, it } from 'vitest'
import type { ParsedMessage } from './parsed-message.js'
import { CLIPPED_NOTICE, ROW_LIMITS, storableMessage, storableText } from './storable.js'

const message = (fields: Partial<ParsedMessage> = {}): ParsedMessage => ({
  gmailId: 'm1',
  threadId: 't1',
  historyId: '123',
  internalDate: new Date('2024-05-01T10:00:00Z'),
  labels: ['INBOX'],
  snippet: '',
  subject: '',
  fromName: '',
  fromEmail: '',
  toHeader: '',
  ccHeader: '',
  bccHeader: '',
  replyTo: '',
  dateHeader: '',
  messageIdHeader: '',
  inReplyTo: '',
  referencesHeader: '',
  textBody: '',
  htmlBody: null,
  attachments: [],
  ...fields,
})

describe('storableText', () => {
  it('removes NUL and replaces lone surrogates, keeping real pairs', () => {
    expect(storableText('a\u0000b', 100)).toBe('ab')
    expect(storableText('x\uD800y\uDC00z', 100)).toBe('x\uFFFDy\uFFFDz')
    expect(storableText('emoji 😀', 100)).toBe('emoji 😀')
  })

  it('cuts to the limit without splitting a surrogate pair', () => {
    expect(storableText('ab😀', 3)).toBe('ab')
    expect(storableText('abc', 3)).toBe('abc')
  })
})

describe('storableMessage', () => {
  it('cuts a huge body and says so, in text and in HTML', () => {
    const huge = 'x'.repeat(ROW_LIMITS.bodyChars + 10)
    const row = storableMessage(message({ textBody: huge, htmlBody: `<p>${huge}</p>` }))
    expect(row.textBody.startsWith('x'.repeat(ROW_LIMITS.bodyChars))).toBe(true)
    expect(row.textBody.endsWith(CLIPPED_NOTICE)).toBe(true)
    expect(row.htmlBody!.endsWith(`<p>${CLIPPED_NOTICE}</p>`)).toBe(true)
    expect(row.textBody.length).toBeLessThan(ROW_LIMITS.bodyChars + 200)
    // A body within the limit is kept as it is.
    expect(storableMessage(message({ textBody: 'short' })).textBody).toBe('short')
  })

  it('cleans every header, the labels and the attachments', () => {
    const row = storableMessage(
      message({
        subject: 'S\u0000ubject \uDFFF',
        referencesHeader: '<a@b> '.repeat(20_000),
        labels: ['INBOX', '\u0000', 'Label\u0000_1'],
        attachments: [
          { attachmentId: 'ok', filename: 'in\u0000voice\uD800.pdf', mimeType: 'a/b', size: -4 },
          { attachmentId: 'x'.repeat(5000), filename: 'uncallable', mimeType: 'a/b', size: 1 },
        ],
      }),
    )
    expect(row.subject).toBe('Subject \uFFFD')
    expect(row.referencesHeader.length).toBe(ROW_LIMITS.headerChars)
    expect(row.labels).toEqual(['INBOX', 'Label_1'])
    expect(row.attachments).toEqual([
      { attachmentId: 'ok', filename: 'invoice\uFFFD.pdf', mimeType: 'a/b', size: 0 },
    ])
  })

  it('keeps only dates PostgreSQL and the list can show, and history ids that are numbers', () => {
    const invalid = storableMessage(message({ internalDate: new Date(Number.NaN) }))
    expect(invalid.internalDate.getTime()).toBe(0)
    const ancient = storableMessage(message({ internalDate: new Date(-8.6e15) }))
    expect(ancient.internalDate.getTime()).toBe(0)
    expect(storableMessage(message({ historyId: '12a' })).historyId).toBeNull()
    expect(storableMessage(message({ historyId: '9007199254740993' })).historyId).toBe(
      '9007199254740993',
    )
  })
})
