import { describe, expect, it } from 'vitest'
import { SaveDraftSchema, SendEmailSchema, ThreadParamsSchema, splitAddressList } from './mail.js'
import { SafeTextInputSchema } from './text.js'

const message = { subject: 'Hello', body: 'Hi' }

describe('the mail contract', () => {
  it('splits an address list where people separate it, not inside names', () => {
    expect(
      splitAddressList('ada@example.com; "Hopper, Grace" <grace@example.com>,, <x@y.z>'),
    ).toEqual(['ada@example.com', '"Hopper, Grace" <grace@example.com>', '<x@y.z>'])
    expect(splitAddressList('"Jo \\", Jr" <jo@y.io>, kim@z.io')).toEqual([
      '"Jo \\", Jr" <jo@y.io>',
      'kim@z.io',
    ])
  })

  it('sends only to e-mail addresses, and says which recipient is not one', () => {
    const ok = SendEmailSchema.safeParse({
      ...message,
      to: 'Ada <ada@example.com>, grace@example.com',
      cc: '"Lovelace, Ada" <ada@example.com>',
    })
    expect(ok.success).toBe(true)
    const bad = SendEmailSchema.safeParse({ ...message, to: 'ada@example.com, ../etc/passwd' })
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'To: recipient 2 of 2 is not an e-mail address',
    ])
  })

  it('takes attachment types as type/subtype only, lower-cased, for sending and drafts', () => {
    const withType = (mimeType: string | undefined) => ({
      ...message,
      to: 'ada@example.com',
      attachments: [{ filename: 'a', mimeType, contentBase64: '' }],
    })
    for (const schema of [SendEmailSchema, SaveDraftSchema]) {
      const typeOf = (mimeType?: string) =>
        schema.safeParse(withType(mimeType)).data?.attachments[0]?.mimeType
      expect(typeOf('Application/PDF')).toBe('application/pdf')
      expect(
        typeOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      ).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      expect(typeOf(undefined)).toBe('application/octet-stream')
      for (const bad of [
        'text/plain\r\nBcc: eve@example.com',
        'text/html; charset=utf-8',
        'image/png"',
        'pdf',
        'text/',
        'a/b/c',
        'text /plain',
        '',
      ]) {
        const parsed = schema.safeParse(withType(bad))
        expect(
          parsed.error?.issues.map((i) => i.path.join('.')),
          bad,
        ).toEqual(['attachments.0.mimeType'])
      }
    }
  })

  it('takes Gmail ids by their shape only', () => {
    expect(ThreadParamsSchema.safeParse({ id: '18c1f0a2b3d4e5f6' }).success).toBe(true)
    expect(ThreadParamsSchema.safeParse({ id: 'thr_Ab-9' }).success).toBe(true)
    expect(ThreadParamsSchema.safeParse({ id: 'a b' }).success).toBe(false)
    expect(ThreadParamsSchema.safeParse({ id: '' }).success).toBe(false)
  })
})

describe('the text rule of every request', () => {
  it('names the first field holding a NUL or a lone surrogate, at any depth', () => {
    const nul = SafeTextInputSchema.safeParse({ a: 'fine', b: [{ c: 'x\u0000' }] })
    expect(nul.error?.issues).toMatchObject([
      { path: ['b', 0, 'c'], message: 'must not contain NUL characters' },
    ])
    const surrogate = SafeTextInputSchema.safeParse({ name: 'half an emoji \ud83d' })
    expect(surrogate.error?.issues[0]?.path).toEqual(['name'])
    expect(SafeTextInputSchema.safeParse({ 'key\u0000': 1 }).success).toBe(false)
  })

  it('accepts every real character, emoji and combining marks included', () => {
    expect(SafeTextInputSchema.safeParse({ t: 'e\u0301 👍🏽 中文 \u202e' }).success).toBe(true)
  })

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`)
    expect(SafeTextInputSchema.safeParse(deep).success).toBe(false)
  })
})
