import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

let h: Harness
let session: string

beforeAll(async () => {
  h = await startHarness()
  session = (await signIn(h, 'ada@example.com')).session!
})
afterAll(async () => h?.close())

/** Sends Ada a message with these attachments and answers each one's download response. */
async function downloads(files: { filename: string; mimeType: string; content: string }[]) {
  const sent = await h.call(session, 'POST', '/api/gmail/send', {
    to: 'grace@example.com',
    subject: 'Files',
    body: 'Attached.',
    attachments: files.map((f) => ({
      filename: f.filename,
      mimeType: f.mimeType,
      contentBase64: Buffer.from(f.content).toString('base64'),
    })),
  })
  expect(sent.statusCode).toBe(200)
  const thread = await h.call(session, 'GET', `/api/gmail/threads/${sent.json().threadId}`)
  const message = thread.json().messages[0]
  const byName = new Map<string, Awaited<ReturnType<Harness['call']>>>()
  for (const attachment of message.attachments) {
    const url = `/api/gmail/messages/${message.id}/attachments/${encodeURIComponent(attachment.attachmentId)}`
    byName.set(attachment.filename, await h.call(session, 'GET', url))
  }
  return byName
}

describe('attachment downloads', () => {
  it('never serve what a browser would run from our origin: HTML, SVG, scripts are downloads', async () => {
    const served = await downloads([
      { filename: 'invoice.html', mimeType: 'text/html', content: '<script>alert(1)</script>' },
      { filename: 'logo.svg', mimeType: 'image/svg+xml', content: '<svg onload="alert(1)"/>' },
      { filename: 'run.js', mimeType: 'application/javascript', content: 'alert(1)' },
      { filename: 'odd.bin', mimeType: 'x-made/up', content: 'bytes' },
      { filename: 'feed.xml', mimeType: 'text/xml', content: '<x:script xmlns:x="x"/>' },
      { filename: 'data.xml', mimeType: 'application/xml', content: '<a/>' },
      { filename: 'page.xhtml', mimeType: 'application/xhtml+xml', content: '<html/>' },
    ])
    expect(served.size).toBe(7)
    for (const [name, response] of served) {
      expect(response.statusCode, name).toBe(200)
      expect(response.headers['content-type'], name).toBe('application/octet-stream')
      expect(response.headers['content-disposition'], name).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${name}`,
      )
      expect(response.headers['x-content-type-options'], name).toBe('nosniff')
      expect(response.headers['content-security-policy'], name).toContain('sandbox')
    }
    expect(served.get('invoice.html')!.body).toBe('<script>alert(1)</script>')
  })

  it('show raster images and PDFs inline, in a sandbox that loads nothing', async () => {
    const served = await downloads([
      { filename: 'photo.png', mimeType: 'image/PNG', content: '\x89PNG' },
      { filename: 'scan.jpg', mimeType: 'image/jpeg', content: '\xff\xd8' },
      { filename: 'terms.pdf', mimeType: 'application/pdf', content: '%PDF-1.7' },
    ])
    const png = served.get('photo.png')!
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.headers['content-disposition']).toMatch(/^inline; filename="photo.png"/)
    expect(png.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; frame-ancestors 'none'",
    )
    expect(png.headers['x-content-type-options']).toBe('nosniff')
    expect(served.get('scan.jpg')!.headers['content-type']).toBe('image/jpeg')
    const pdf = served.get('terms.pdf')!
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /)
    expect(pdf.headers['x-content-type-options']).toBe('nosniff')
    // Chromium's PDF viewer still opens under sandbox: the PDF's links and forms run as an
    // opaque origin, not as Inkwell (decision 042).
    expect(pdf.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; frame-ancestors 'none'",
    )
  })

  it('are not kept by the browser or a shared cache, so nothing stays after logout', async () => {
    const served = await downloads([
      { filename: 'notes.txt', mimeType: 'text/plain', content: 'private' },
      { filename: 'photo.gif', mimeType: 'image/gif', content: 'GIF89a' },
    ])
    for (const response of served.values()) {
      expect(response.headers['cache-control']).toBe('private, no-store')
    }
  })

  it('refuse to send or save a malformed type, which would come out as a broken header', async () => {
    const draft = { to: 'grace@example.com', subject: 'Files', body: 'Attached.' }
    for (const [url, bad] of [
      ['/api/gmail/send', 'text/plain\r\nBcc: eve@example.com'],
      ['/api/gmail/send', 'image/jpeg; name="scan.jpg"'],
      ['/api/gmail/drafts', 'application/pdf"'],
    ]) {
      const response = await h.call(session, 'POST', url!, {
        ...draft,
        attachments: [{ filename: 'a.txt', mimeType: bad, contentBase64: 'eA==' }],
      })
      expect(response.statusCode, bad).toBe(400)
      expect(response.json().error.message, bad).toContain('attachments.0.mimeType')
    }
  })

  it('name the file safely whatever characters its name has', async () => {
    const served = await downloads([
      { filename: 'Prüfung "final" (v2).txt', mimeType: 'text/plain', content: 'x' },
    ])
    expect(served.get('Prüfung "final" (v2).txt')!.headers['content-disposition']).toBe(
      `attachment; filename="Pr_fung _final_ (v2).txt"; filename*=UTF-8''Pr%C3%BCfung%20%22final%22%20%28v2%29.txt`,
    )
  })
})
