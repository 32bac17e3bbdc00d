import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { EmailMessage } from '../../../../contract/mail'
import { attachmentPath } from '../../../../contract/mail-paths'
import * as folding from '../../../lib/fold-quoted-html'
import { createQueryClient } from '../../../lib/query-client'
import * as sanitizer from '../../../lib/sanitize-email'
import { MessageView } from './message-view'

const ME = { id: 'u1', name: 'Sam Rivera', email: 'sam@example.com', avatar: null }

function message(fields: Partial<EmailMessage> = {}): EmailMessage {
  return {
    id: 'm1',
    threadId: 't1',
    inReplyTo: '',
    references: '',
    attachments: [],
    subject: 'Plan',
    snippet: 'The plan',
    body: 'The plan',
    textBody: 'The plan',
    htmlBody: null,
    hasHtml: false,
    sender: { name: 'Ana López', email: 'ana@example.com' },
    recipient: 'sam@example.com',
    cc: '',
    timestamp: '2026-03-02T08:00:00.000Z',
    labels: ['INBOX'],
    isUnread: false,
    isStarred: false,
    headers: {
      from: '',
      to: 'sam@example.com',
      cc: '',
      bcc: '',
      date: '',
      subject: 'Plan',
      messageId: '',
      replyTo: '',
    },
    ...fields,
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return Response.json(ME)
      // The inline image, a 1×1 PNG.
      if (url.includes('/attachments/')) {
        return new Response(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), {
          headers: { 'Content-Type': 'image/png' },
        })
      }
      return new Response(null, { status: 404 })
    }),
  )
}

function view(shown: EmailMessage, expanded = true) {
  return (
    <MessageView
      message={shown}
      myEmail={ME.email}
      isNew={false}
      expanded={expanded}
      canCollapse
      showHeaders={false}
      onToggle={() => {}}
      onShowHeadersChange={() => {}}
    />
  )
}

function renderView(shown: EmailMessage) {
  serve()
  const client = createQueryClient()
  const result = render(<QueryClientProvider client={client}>{view(shown)}</QueryClientProvider>)
  const rerender = (next: EmailMessage, expanded = true) =>
    result.rerender(
      <QueryClientProvider client={client}>{view(next, expanded)}</QueryClientProvider>,
    )
  return { rerender }
}

describe("the viewer's sender line", () => {
  it('prints the address after a display name', () => {
    renderView(message())
    expect(screen.getByRole('button', { name: 'Ana López' })).toBeTruthy()
    expect(screen.getByTestId('sender-email')).toHaveTextContent('<ana@example.com>')
  })

  it('prints an address once when the sender has no display name ("x@y", never "x@y <x@y>")', () => {
    renderView(message({ sender: { name: '', email: 'kim@example.com' } }))
    expect(screen.getByRole('article')).toHaveAccessibleName('Message from kim@example.com')
    expect(screen.queryByTestId('sender-email')).toBeNull()
    expect(screen.getAllByText(/kim@example\.com/)).toHaveLength(1)
  })
})

describe('folding an HTML message', () => {
  const id = 'html-1'
  const picture = attachmentPath(id, 'att-1')
  const html = `<div dir="ltr"><p>Sounds good, see the chart.</p><img src="${picture}" alt="chart"></div>
<div class="gmail_quote"><div class="gmail_attr">On Mon, Ana wrote:</div>
<blockquote class="gmail_quote"><p>Shall we meet on Thursday?</p></blockquote></div>`
  const htmlMessage = message({
    id,
    hasHtml: true,
    htmlBody: html,
    attachments: [
      {
        attachmentId: 'att-1',
        filename: 'chart.png',
        mimeType: 'image/png',
        size: 8,
        contentId: 'c1',
      },
    ],
  })

  it('finds where the quotes fold once, however often the message is sanitized again', async () => {
    // jsdom's FileReader reads only jsdom's own Blobs, not the one fetch answers with.
    vi.stubGlobal(
      'FileReader',
      class {
        result: string | null = null
        error = null
        onload: (() => void) | null = null
        onerror: (() => void) | null = null
        readAsDataURL(blob: Blob) {
          void blob.arrayBuffer().then((bytes) => {
            this.result = `data:${blob.type};base64,${Buffer.from(bytes).toString('base64')}`
            this.onload?.()
          })
        }
      },
    )
    const plans = vi.spyOn(folding, 'planFolds')
    const sanitized = vi.spyOn(sanitizer, 'sanitizeEmailHtml')
    const { rerender } = renderView(htmlMessage)
    // The inline image arrives: the message is sanitized again, with it.
    await waitFor(() =>
      expect(sanitized.mock.calls.at(-1)?.[1].inlineImages?.get(picture)).toMatch(
        /^data:image\/png;base64,/,
      ),
    )
    // Collapsed and expanded again, and a refetch's copy of the same message.
    rerender(htmlMessage, false)
    rerender({ ...htmlMessage }, true)
    rerender({ ...htmlMessage }, true)

    expect(sanitized.mock.calls.length).toBeGreaterThanOrEqual(3)
    expect(plans).toHaveBeenCalledTimes(1)
    // Each sanitize still folds the quote, behind one toggle.
    for (const result of sanitized.mock.results) {
      const folded = (result.value as sanitizer.SanitizedEmail).html
      expect(folded.match(/<details class="inkwell-trim">/g)).toHaveLength(1)
      expect(folded).toMatch(/<details class="inkwell-trim">.*On Mon, Ana wrote:/s)
    }
  })

  it('finds them again for another message, or for the same one with other HTML', () => {
    const plans = vi.spyOn(folding, 'planFolds')
    const options = { allowRemoteImages: false, foldQuoted: true }
    sanitizer.sanitizeEmailHtml(html, { ...options, foldKey: 'html-2' })
    sanitizer.sanitizeEmailHtml(html, { ...options, foldKey: 'html-2', allowRemoteImages: true })
    expect(plans).toHaveBeenCalledTimes(1)
    sanitizer.sanitizeEmailHtml(html, { ...options, foldKey: 'html-3' })
    const edited = sanitizer.sanitizeEmailHtml(`<p>Update</p>${html}`, {
      ...options,
      foldKey: 'html-3',
    })
    expect(plans).toHaveBeenCalledTimes(3)
    // The plan found for the edited HTML, not the old one: the new paragraph stays in view.
    expect(edited.html).toMatch(/^<div class="inkwell-body"><p>Update<\/p><div dir="ltr">/)
  })
})
