import { describe, expect, it } from 'vitest'
import type { GmailMessage, GmailMessagePart } from '../gmail/types.js'
import { decodeTextPart, htmlToText, parseGmailMessage, UnreadableMessage } from './parse.js'

const b64 = (bytes: number[] | string) =>
  (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).toString(
    'base64url',
  )

/** A one-part message as Gmail's format=full gives it. */
function textMessage(
  data: string,
  contentType: string,
  extra: Partial<GmailMessage> = {},
): GmailMessage {
  return {
    id: 'm1',
    threadId: 't1',
    internalDate: '1700000000000',
    payload: {
      mimeType: 'text/plain',
      headers: [
        { name: 'Subject', value: 'Hello' },
        { name: 'Content-Type', value: contentType },
      ],
      body: { data },
    },
    ...extra,
  }
}

describe('decoding text parts by their charset', () => {
  it('reads each part in the charset its Content-Type declares', () => {
    const cafe = [0x63, 0x61, 0x66, 0xe9]
    expect(
      parseGmailMessage(textMessage(b64(cafe), 'text/plain; charset=ISO-8859-1')).textBody,
    ).toBe('café')
    // 日本 in Shift_JIS, and in ISO-2022-JP (7-bit, with escapes).
    const sjis = [0x93, 0xfa, 0x96, 0x7b]
    expect(
      parseGmailMessage(textMessage(b64(sjis), 'text/plain; charset="Shift_JIS"')).textBody,
    ).toBe('日本')
    const jis = [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42]
    expect(decodeTextPart(b64(jis), 'iso-2022-jp')).toBe('日本')
    // привет in KOI8-R.
    const koi8 = [0xd0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]
    expect(decodeTextPart(b64(koi8), 'koi8-r')).toBe('привет')
    // Outlook's windows-1252: the euro sign and curly quotes live in 0x80–0x9F.
    expect(decodeTextPart(b64([0x80, 0x93, 0x61, 0x94]), 'windows-1252')).toBe('€“a”')
  })

  it('reads an unknown or missing charset as UTF-8 when it is, else as windows-1252', () => {
    expect(decodeTextPart(b64('naïve ✓'), 'x-unknown')).toBe('naïve ✓')
    expect(decodeTextPart(b64([0x63, 0x61, 0x66, 0xe9]), 'x-unknown')).toBe('café')
    expect(decodeTextPart(b64([0x80, 0x20, 0x35]), null)).toBe('€ 5')
    // "replacement" labels would turn the whole part into one U+FFFD.
    expect(decodeTextPart(b64('plain ascii'), 'iso-2022-kr')).toBe('plain ascii')
  })

  it('skips what is not base64 instead of failing', () => {
    expect(() => decodeTextPart('!!!*** not base64 ~~~', 'utf-8')).not.toThrow()
    expect(decodeTextPart(42, 'utf-8')).toBe('')
  })
})

describe('parsing broken Gmail messages', () => {
  it('reads a message without payload, headers or dates', () => {
    const message = parseGmailMessage({ id: 'bare' })
    expect(message).toMatchObject({
      gmailId: 'bare',
      threadId: 'bare',
      subject: '',
      textBody: '',
      htmlBody: null,
      attachments: [],
      labels: [],
    })
    expect(message.internalDate.getTime()).toBe(0)
  })

  it('takes the Date header when internalDate is no usable instant, else 1970', () => {
    const dated = (internalDate: string | undefined, date: string) =>
      parseGmailMessage({
        id: 'd',
        internalDate,
        payload: { headers: [{ name: 'Date', value: date }] },
      }).internalDate.toISOString()
    expect(dated('99999999999999999999', 'Tue, 14 Nov 2023 22:13:20 +0000')).toBe(
      '2023-11-14T22:13:20.000Z',
    )
    expect(dated('', 'Tue, 14 Nov 2023 22:13:20 +0000')).toBe('2023-11-14T22:13:20.000Z')
    expect(dated('-5', 'not a date at all')).toBe('1970-01-01T00:00:00.000Z')
    expect(dated('1700000000000', 'not a date at all')).toBe('2023-11-14T22:13:20.000Z')
  })

  it('survives parts and headers of the wrong types', () => {
    const message = {
      id: 'odd',
      labelIds: ['INBOX', 7, null],
      payload: {
        mimeType: 42,
        headers: [null, { value: 'no name' }, { name: 'Subject', value: 5 }],
        parts: [null, { mimeType: 'text/plain', body: { data: 17 } }],
      },
    } as unknown as GmailMessage
    expect(parseGmailMessage(message)).toMatchObject({ labels: ['INBOX'], subject: '' })
  })

  it('follows a sane MIME tree and stops in an absurdly deep one', () => {
    const nest = (depth: number, text: string): GmailMessagePart => {
      let part: GmailMessagePart = { mimeType: 'text/plain', body: { data: b64(text) } }
      for (let i = 0; i < depth; i++) part = { mimeType: 'multipart/mixed', parts: [part] }
      return part
    }
    expect(parseGmailMessage({ id: 'a', payload: nest(3, 'found') }).textBody).toBe('found')
    expect(parseGmailMessage({ id: 'b', payload: nest(20_000, 'buried') }).textBody).toBe('')
  })

  it('keeps attachments with decoded names and sizes that are numbers', () => {
    const message = parseGmailMessage({
      id: 'att',
      payload: {
        mimeType: 'multipart/mixed',
        parts: [
          {
            mimeType: 'application/pdf',
            filename: '=?UTF-8?Q?R=C3=A9sum=C3=A9.pdf?=',
            body: { attachmentId: 'A1', size: 'lots' as unknown as number },
          },
        ],
      },
    })
    expect(message.attachments).toEqual([
      { attachmentId: 'A1', filename: 'Résumé.pdf', mimeType: 'application/pdf', size: 0 },
    ])
  })

  it('refuses only a message without a usable id', () => {
    expect(() => parseGmailMessage({ payload: {} })).toThrow(UnreadableMessage)
    expect(() => parseGmailMessage({ id: 'has space' })).toThrow(UnreadableMessage)
  })
})

describe('htmlToText on hostile HTML', () => {
  it('drops an unclosed style element with everything after it, and keeps stray brackets', () => {
    expect(htmlToText('<p>Hi</p><style>p{color:red}</style><p>there</p>')).toBe('Hi\nthere')
    expect(htmlToText('<p>Before</p><style>never closed <p>hidden</p>')).toBe('Before')
    expect(htmlToText('1 < 2 and <b>bold</b>')).toBe('1 < 2 and bold')
  })
})
