import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Draft } from '../../../../contract/mail'
import type { ScheduledSend } from '../../../../contract/scheduled'
import { DEFAULT_SETTINGS } from '../../../../contract/settings-defaults'
import { Toaster } from '../../../components/ui/toaster'
import { createQueryClient } from '../../../lib/query-client'
import type { SendOutcome } from '../api/send-email'
import { clearComposeHandoff, readComposeHandoff } from '../compose/compose-handoff'
import type { SendOptions } from '../compose/use-message-editor'
import { useUserSettings } from '../../../lib/queries/settings'
import { clearReopenedReply, peekReopenedReply } from './reopen'
import { heardScheduledChange } from './scheduled-changes'
import { useSendWithUndo, type SendOrigin } from './undo-send'

const ID = '6b0d3c2e-1111-4a4a-8888-000000000001'
const DRAFT: Draft = {
  id: 'draft-1',
  to: 'grace@example.com',
  cc: 'ada@example.com',
  bcc: '',
  subject: 'Figures',
  body: 'The figures are attached.',
  snippet: 'The figures are attached.',
  timestamp: '2026-01-01T00:00:00.000Z',
  threadId: null,
  inReplyTo: '',
  replyToMessageId: null,
  attachments: [{ attachmentId: 'a1', filename: 'figures.csv', mimeType: 'text/csv', size: 120 }],
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  clearComposeHandoff()
})

/** The server: DELETE of the waiting message answers the draft to reopen; other calls, 404. */
function serve(draft: Draft) {
  const deletes: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        deletes.push(url)
        return Response.json({ id: ID, draft, aiDraftId: null })
      }
      return new Response(null, { status: 404 })
    }),
  )
  return deletes
}

/** An editor whose Send starts at once and answers that the message waits out its window. */
function editorSend() {
  return vi.fn(async (options: SendOptions): Promise<SendOutcome> => {
    options.onStart?.()
    return {
      status: 'waiting',
      scheduledId: ID,
      sendAt: new Date(Date.now() + 5000).toISOString(),
      kind: 'undo',
    }
  })
}

function setup(origin: SendOrigin) {
  const location = memoryLocation({ path: '/compose', record: true })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>{children}</Router>
    </QueryClientProvider>
  )
  render(<Toaster />)
  const send = editorSend()
  const { result } = renderHook(() => useSendWithUndo(send, origin), { wrapper })
  return { send, location, sendWithUndo: result.current }
}

describe('Undo send', () => {
  it('says Sending… with Undo; Undo cancels the message and reopens it in Compose', async () => {
    const deletes = serve(DRAFT)
    const { send, location, sendWithUndo } = setup({ in: 'compose' })
    await act(() => sendWithUndo())
    expect(send.mock.calls[0]![0].sendAt).toBeUndefined()
    expect(screen.getByText('Sending…')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(deletes).toEqual([`/api/gmail/scheduled/${ID}`]))
    expect(await screen.findByText('Sending undone')).toBeTruthy()
    // Compose opens on the draft the server kept: recipients, subject, text and its file.
    expect(location.history.at(-1)).toBe('/compose')
    const handoff = readComposeHandoff()
    expect(handoff).toMatchObject({
      to: 'grace@example.com',
      cc: 'ada@example.com',
      subject: 'Figures',
      body: 'The figures are attached.',
      draftId: 'draft-1',
    })
    expect(handoff?.draftFiles?.map((f) => f.filename)).toEqual(['figures.csv'])
  })

  it('Shift+Z undoes too, and a reply goes back under its conversation', async () => {
    const deletes = serve({ ...DRAFT, threadId: 'thread-9', replyToMessageId: 'm-3' })
    const { location, sendWithUndo } = setup({ in: 'reply', threadId: 'thread-9', mode: 'reply' })
    await act(() => sendWithUndo())
    // Typing a capital Z in a field is typing, not Undo.
    const field = document.createElement('textarea')
    document.body.append(field)
    fireEvent.keyDown(field, { key: 'Z', shiftKey: true })
    expect(deletes).toEqual([])

    fireEvent.keyDown(document.body, { key: 'Z', shiftKey: true })
    await waitFor(() => expect(deletes).toEqual([`/api/gmail/scheduled/${ID}`]))
    await screen.findByText('Sending undone')
    const reopened = peekReopenedReply('thread-9', 'reply')
    expect(reopened?.draft.body).toBe('The figures are attached.')
    // No mailbox on screen: the conversation opens, where the reply is written again.
    expect(location.history.at(-1)).toBe('/inbox?thread=thread-9')
    // Once: a second Shift+Z does nothing more.
    fireEvent.keyDown(document.body, { key: 'Z', shiftKey: true })
    expect(deletes).toHaveLength(1)
    if (reopened) clearReopenedReply(reopened)
    field.remove()
  })

  it('says Email sent when the live stream says the message went, asking the list only then, or again after a while unheard', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let gone = false
    let listed = 0
    const waitingRow: ScheduledSend = {
      id: ID,
      kind: 'undo',
      to: ['grace@example.com'],
      subject: 'Figures',
      sendAt: new Date().toISOString(),
      status: 'sending',
      error: null,
      draftId: 'draft-1',
      threadId: null,
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        // The window off: "Email sent" is looked for a second after the click.
        if (url === '/api/user/settings') {
          return Response.json({ ...DEFAULT_SETTINGS, undoSendSeconds: 0 })
        }
        if (url === '/api/gmail/scheduled') {
          listed++
          return Response.json({ scheduled: gone ? [] : [waitingRow] })
        }
        return new Response(null, { status: 404 })
      }),
    )
    const location = memoryLocation({ path: '/compose' })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={location.hook}>{children}</Router>
      </QueryClientProvider>
    )
    render(<Toaster />)
    const send = editorSend()
    const { result } = renderHook(
      () => ({
        settings: useUserSettings(),
        sendWithUndo: useSendWithUndo(send, { in: 'compose' }),
      }),
      { wrapper },
    )
    await vi.waitFor(() => expect(result.current.settings.undoSendSeconds).toBe(0))
    await act(() => result.current.sendWithUndo())

    // At the window's end the message is still going: the list is asked once...
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(listed).toBe(1)
    // ... and not again while the stream says nothing, until a slow second look.
    await act(() => vi.advanceTimersByTimeAsync(4_000))
    expect(listed).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(listed).toBe(2)
    expect(screen.getByText('Sending…')).toBeTruthy()

    gone = true
    await act(async () =>
      heardScheduledChange({ type: 'scheduled.changed', id: ID, status: 'sent' }),
    )
    expect(listed).toBe(3)
    expect(screen.getByText('Email sent')).toBeTruthy()
  })
})
