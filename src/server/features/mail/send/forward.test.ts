import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

type Part = {
  filename?: string
  mimeType?: string
  body?: { attachmentId?: string; data?: string }
  parts?: Part[]
}

const filesOf = (part: Part): Part[] => [
  ...(part.filename && part.body?.attachmentId ? [part] : []),
  ...(part.parts ?? []).flatMap(filesOf),
]

describe('forwarding a message with attachments', () => {
  let h: Harness
  let ada: string
  let grace: string
  let adaGmail: StandInGmail
  let original: { id: string; attachments: { attachmentId: string; filename: string }[] }

  beforeAll(async () => {
    h = await startHarness()
    ada = (await signIn(h, 'ada@example.com')).session!
    grace = (await signIn(h, 'grace@example.com')).session!
    adaGmail = standInGmail(h, await accessTokenOf(h, 'ada@example.com'))
    const sent = await h.call(ada, 'POST', '/api/gmail/send', {
      to: 'grace@example.com',
      subject: 'Quarterly figures',
      body: 'Both files attached.',
      attachments: [
        {
          filename: 'figures.csv',
          mimeType: 'text/csv',
          contentBase64: Buffer.from('q,revenue\nQ3,1200\n').toString('base64'),
        },
        {
          filename: 'chart.png',
          mimeType: 'image/png',
          contentBase64: Buffer.from('\x89PNG chart bytes').toString('base64'),
        },
      ],
    })
    expect(sent.statusCode).toBe(200)
    const thread = await h.call(ada, 'GET', `/api/gmail/threads/${sent.json().threadId}`)
    original = thread.json().messages[0]
    expect(original.attachments.map((a) => a.filename)).toEqual(['figures.csv', 'chart.png'])
  })
  afterAll(async () => h?.close())

  it("sends the original's files to Gmail, fetched by the server, not uploaded by the browser", async () => {
    const csv = original.attachments.find((a) => a.filename === 'figures.csv')!
    const forwarded = await h.call(ada, 'POST', '/api/gmail/send', {
      to: 'kim@example.com',
      subject: 'Fwd: Quarterly figures',
      body: 'See below.',
      forwardedAttachments: [{ messageId: original.id, attachmentId: csv.attachmentId }],
    })
    expect(forwarded.statusCode).toBe(200)

    // What Gmail holds for the sent forward: the CSV, byte for byte, and only it (the PNG was
    // removed from the forward).
    const message = await adaGmail<{ payload: Part }>(`messages/${forwarded.json().id}`)
    const files = filesOf(message.payload)
    expect(files.map((f) => f.filename)).toEqual(['figures.csv'])
    const content = await adaGmail<{ data: string }>(
      `messages/${forwarded.json().id}/attachments/${files[0]!.body!.attachmentId}`,
    )
    expect(Buffer.from(content.data, 'base64url').toString()).toBe('q,revenue\nQ3,1200\n')
  })

  it("refuses another user's attachment with a clear reason, and sends nothing", async () => {
    const before = await h.call(grace, 'GET', '/api/gmail/threads?label=SENT')
    const answer = await h.call(grace, 'POST', '/api/gmail/send', {
      to: 'kim@example.com',
      subject: 'Fwd: not mine',
      body: 'Trying.',
      forwardedAttachments: [
        { messageId: original.id, attachmentId: original.attachments[0]!.attachmentId },
      ],
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error.message).toBe(
      'forwardedAttachments.0: is not an attachment of a message in your mailbox',
    )
    const after = await h.call(grace, 'GET', '/api/gmail/threads?label=SENT')
    expect(after.json().total).toBe(before.json().total)
  })

  it('refuses an attachment id the message does not have, and ids that are not Gmail ids', async () => {
    const unknown = await h.call(ada, 'POST', '/api/gmail/send', {
      to: 'kim@example.com',
      subject: 'Fwd: x',
      body: 'x',
      forwardedAttachments: [{ messageId: original.id, attachmentId: 'not-one-of-them' }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toMatch(/not an attachment of a message in your mailbox/)

    const malformed = await h.call(ada, 'POST', '/api/gmail/send', {
      to: 'kim@example.com',
      subject: 'Fwd: x',
      body: 'x',
      forwardedAttachments: [{ messageId: '../../etc', attachmentId: 'a' }],
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.message).toMatch(/Not a Gmail id/)
  })
})
