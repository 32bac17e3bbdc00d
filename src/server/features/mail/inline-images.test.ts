import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachmentPath } from '../../../contract/mail-paths.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'
import { accessTokenOf, standInGmail } from '../../test/stand-in-gmail.js'

/** A 1×1 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

type Message = {
  id: string
  htmlBody: string
  attachments: { attachmentId: string; filename: string; contentId?: string }[]
}

describe('inline cid: images', () => {
  let h: Harness
  let ada: string
  let grace: string
  let message: Message

  beforeAll(async () => {
    h = await startHarness()
    ada = (await signIn(h, 'ada@example.com')).session!
    grace = (await signIn(h, 'grace@example.com')).session!
    const gmail = standInGmail(h, await accessTokenOf(h, 'ada@example.com'))
    const raw = [
      'From: Kim <kim@example.net>\r\nTo: ada@example.com\r\nSubject: Our new logo\r\n',
      'MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary="rel"\r\n\r\n',
      '--rel\r\nContent-Type: text/html; charset=utf-8\r\n\r\n',
      '<p>Here it is:</p><img alt="logo" src="cid:logo@kim.example"><img alt="elsewhere" src="cid:missing@x">\r\n',
      '--rel\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n',
      'Content-ID: <logo@kim.example>\r\nContent-Disposition: inline\r\n\r\n',
      `${PNG.toString('base64')}\r\n--rel--\r\n`,
    ].join('')
    await gmail('messages/import', {
      method: 'POST',
      body: JSON.stringify({ raw: Buffer.from(raw).toString('base64url') }),
    })
    expect((await h.sync(ada)).statusCode).toBe(200)
    const list = await h.call(ada, 'GET', '/api/gmail/threads?q=subject:logo')
    const threadId = list.json().threads[0].id
    message = (await h.call(ada, 'GET', `/api/gmail/threads/${threadId}`)).json().messages[0]
  })
  afterAll(async () => h?.close())

  it("point at the message's own attachment URL, which serves the image to its owner", async () => {
    const part = message.attachments.find((a) => a.contentId === 'logo@kim.example')
    expect(part).toBeDefined()
    const url = attachmentPath(message.id, part!.attachmentId)
    expect(message.htmlBody).toContain(`<img alt="logo" src="${url}">`)
    // A cid: naming no part of this message stays as it was (the viewer drops it).
    expect(message.htmlBody).toContain('src="cid:missing@x"')

    const image = await h.call(ada, 'GET', url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.rawPayload.equals(PNG)).toBe(true)
  })

  it('are not served to anyone else', async () => {
    const part = message.attachments.find((a) => a.contentId)!
    const answer = await h.call(grace, 'GET', attachmentPath(message.id, part.attachmentId))
    expect(answer.statusCode).toBe(404)
  })
})
