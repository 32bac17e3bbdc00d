import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { EmailMessage, ThreadDetail } from '../../../../contract/mail'
import type { Template } from '../../../../contract/templates'
import { createQueryClient } from '../../../lib/query-client'
import { InlineReply } from './inline-reply'

const THANKS: Template = {
  id: 'builtin-thank-you-en',
  kind: 'builtin',
  key: 'thank-you',
  name: 'Thank you',
  subject: 'Thank you',
  body: 'Thank you, {{firstName}}! <script>alert(1)</script>\n\n{{myName}}',
  language: 'english',
  createdAt: null,
  updatedAt: null,
}

const FROM_ANA: EmailMessage = {
  id: 'm1',
  threadId: 't1',
  subject: 'The agenda',
  snippet: 'Here is the agenda',
  body: 'Here is the agenda for Monday.',
  textBody: 'Here is the agenda for Monday.',
  htmlBody: null,
  hasHtml: false,
  sender: { name: 'Ana Pérez', email: 'ana@example.com' },
  recipient: 'ada@example.com',
  cc: '',
  timestamp: '2026-11-15T10:00:00.000Z',
  labels: ['INBOX'],
  isUnread: false,
  isStarred: false,
  headers: {
    from: 'Ana Pérez <ana@example.com>',
    to: 'ada@example.com',
    cc: '',
    bcc: '',
    date: 'Sun, 15 Nov 2026 10:00:00 +0000',
    subject: 'The agenda',
    messageId: '<agenda@example.com>',
    replyTo: '',
  },
  inReplyTo: '',
  references: '',
  attachments: [],
}

const THREAD: ThreadDetail = {
  id: 't1',
  subject: 'The agenda',
  labels: ['INBOX'],
  isUnread: false,
  isStarred: false,
  messages: [FROM_ANA],
}

// jsdom lays nothing out, so it has no scrolling; the reply scrolls itself into view.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {}
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the inline reply', () => {
  it('has the Templates picker: ; then letters, and Enter inserts the template filled for the sender', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/templates') return Response.json([THANKS])
        if (url === '/api/gmail/signature') return Response.json({ text: '' })
        if (url === '/api/contacts') {
          return Response.json([{ id: 'c1', name: 'Ana Pérez', email: 'ana@example.com' }])
        }
        if (url === '/api/auth/user') return Response.json({ id: 'u1', name: 'Ada Lovelace' })
        if (url === '/api/user/plan') return Response.json({ plan: 'free' })
        // The draft the editor saves; anything else read is not there (settings: defaults).
        if (init?.method && init.method !== 'GET') return Response.json({ draftId: 'd1' })
        return Response.json({ error: { code: 'not_found', message: 'No' } }, { status: 404 })
      }),
    )
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={memoryLocation({ path: '/inbox/t1' }).hook}>
          <InlineReply mode="reply" detail={THREAD} myEmail="ada@example.com" onClose={() => {}} />
        </Router>
      </QueryClientProvider>,
    )
    const reply = screen.getByRole('region', { name: 'Reply' })
    const body = within(reply).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
    fireEvent.change(body, { target: { value: ';th' } })
    body.setSelectionRange(3, 3)
    const list = await screen.findByRole('listbox', { name: 'Templates' })
    await waitFor(() =>
      expect(within(list).getByRole('option', { name: /Thank you/ })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    )
    fireEvent.keyDown(body, { key: 'Enter' })
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    // Filled for the person replied to and the user, and inserted as text.
    expect(body.value).toBe('Thank you, Ana! <script>alert(1)</script>\n\nAda Lovelace')
    expect(document.querySelector('script')).toBeNull()
    // A reply keeps its own subject.
    expect(within(reply).getByDisplayValue('Re: The agenda')).toBeTruthy()
  })
})
