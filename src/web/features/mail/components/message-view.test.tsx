import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { EmailMessage } from '../../../../contract/mail'
import { createQueryClient } from '../../../lib/query-client'
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
