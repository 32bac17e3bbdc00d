import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { DraftStreamEvent } from '../../../../contract/ai'
import type { PlanInfo } from '../../../../contract/billing'
import type { Contact } from '../../../../contract/contacts'
import { Toaster } from '../../../components/ui/toaster'
import { createQueryClient } from '../../../lib/query-client'
import { planQuery } from '../../../lib/queries/plan'
import { AiAssistantPanel } from '../../ai/ai-assistant-panel'
import { sse, streamControl, type StreamControl } from '../../ai/test-streams'
import { useDraftTarget } from './use-draft-target'

const PLAN: PlanInfo = {
  plan: 'free',
  aiEmailsUsed: 0,
  aiEmailsLimit: 20,
  canGenerateAI: true,
  proExpiration: null,
  proRenews: false,
  paymentPastDue: false,
  canManageBilling: false,
}
const DANA: Contact = {
  id: '5f0b8e2a-4c1d-4e7a-9b3f-1a2b3c4d5e6f',
  name: 'Dana Cruz',
  email: 'dana@example.com',
  avatar: null,
  tone: 'friendly',
  formality: 'informal',
  language: 'english',
  greeting: 'Hi',
  signoff: 'Cheers',
  memory: null,
  context: null,
  writingProfileId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const WRITER = { provider: 'offline', model: 'offline-writer', offline: true }
const DRAFT_ID = '7b0c4f0e-0a57-4d57-9a43-5c9b3d2f4e10'

const draftStream = (content: string, subject: string | null): DraftStreamEvent[] => [
  { type: 'start', draftId: DRAFT_ID, writer: WRITER },
  { type: 'delta', text: content },
  { type: 'done', draft: { content, subject, draftId: DRAFT_ID, writer: WRITER } },
]

type Generation = (url: string, body: Record<string, unknown>, signal?: AbortSignal) => Response

function serve(generation: Generation) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user/plan') return Response.json(PLAN)
    if (url === '/api/contacts') return Response.json([DANA])
    return generation(url, JSON.parse(init?.body as string), init?.signal ?? undefined)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** Compose's fields with the AI panel beside them, wired as the compose screen wires them. */
function Compose({ subject, body }: { subject: string; body: string }) {
  const [fields, setFields] = useState({ subject, body })
  const ai = useDraftTarget(fields, setFields)
  return (
    <>
      <label>
        Subject
        <input
          value={fields.subject}
          onChange={(e) => setFields((f) => ({ ...f, subject: e.target.value }))}
        />
      </label>
      <label>
        Message
        <textarea
          value={fields.body}
          onChange={(e) => setFields((f) => ({ ...f, body: e.target.value }))}
        />
      </label>
      <p data-testid="ai-draft-id">{ai.aiDraftId ?? 'none'}</p>
      <AiAssistantPanel
        recipient={DANA.email}
        subject={fields.subject}
        threadId={undefined}
        onContactPicked={() => undefined}
        target={ai.target}
      />
    </>
  )
}

function renderCompose(start: { subject: string; body: string }) {
  const client = createQueryClient()
  client.setQueryData(planQuery.queryKey, PLAN)
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/compose' }).hook}>
        <Compose {...start} />
        <Toaster />
      </Router>
    </QueryClientProvider>,
  )
}

const subjectField = () => screen.getByLabelText('Subject')
const messageField = () => screen.getByLabelText('Message')

/** Write with AI → describe → Generate, once the recipient's contact is selected. */
async function writeWithAi(description: string) {
  await screen.findByTestId('selected-contact')
  fireEvent.click(screen.getByRole('button', { name: 'Write with AI' }))
  const dialog = await screen.findByRole('dialog', { name: 'Write with AI' })
  fireEvent.change(within(dialog).getByLabelText('What would you like to write about?'), {
    target: { value: description },
  })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Compose as the target of an AI draft', { timeout: 20_000 }, () => {
  it('fills an empty Subject with the draft’s subject', async () => {
    serve(() => sse(draftStream('Hi Dana, could you sign by Friday? Cheers', 'Contract by Friday')))
    renderCompose({ subject: '', body: '' })
    await writeWithAi('Ask for the signed contract by Friday')
    await waitFor(() => expect(subjectField()).toHaveValue('Contract by Friday'))
    expect(messageField()).toHaveValue('Hi Dana, could you sign by Friday? Cheers')
    expect(screen.getByTestId('ai-draft-id')).toHaveTextContent(DRAFT_ID)
  })

  it('keeps a Subject the user typed', async () => {
    const fetchMock = serve(() =>
      sse(draftStream('Hi Dana, could you sign by Friday? Cheers', 'Contract by Friday')),
    )
    renderCompose({ subject: 'Our contract', body: '' })
    await writeWithAi('Ask for the signed contract by Friday')
    await waitFor(() =>
      expect(messageField()).toHaveValue('Hi Dana, could you sign by Friday? Cheers'),
    )
    await waitFor(() => expect(screen.getByTestId('ai-draft-id')).toHaveTextContent(DRAFT_ID))
    expect(subjectField()).toHaveValue('Our contract')
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/ai/generate-email')!
    expect(JSON.parse(init?.body as string)).toMatchObject({ subject: 'Our contract' })
  })

  it('refines what the user wrote above a reply’s quote, and keeps the quote', async () => {
    const quote =
      'On Mon, Mar 3, 2025 at 10:12 AM, Dana Cruz <dana@example.com> wrote:\n> Can you sign?'
    const fetchMock = serve(() => sse(draftStream('Hi Dana, signed. Cheers', null)))
    renderCompose({
      subject: 'Re: Contract',
      body: `Hi Dana, I have signed it now. Cheers\n\n${quote}`,
    })
    // The recipient is a saved contact: the refine is written for them.
    await screen.findByTestId('selected-contact')
    const refine = screen.getByRole('group', { name: 'Refine the e-mail' })
    fireEvent.click(within(refine).getByRole('button', { name: 'Shorter' }))
    await waitFor(() => expect(messageField()).toHaveValue(`Hi Dana, signed. Cheers\n\n${quote}`))
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/ai/refine')!
    expect(JSON.parse(init?.body as string)).toEqual({
      action: 'shorter',
      text: 'Hi Dana, I have signed it now. Cheers',
      contactId: DANA.id,
      contactName: DANA.name,
    })
    expect(subjectField()).toHaveValue('Re: Contract')
    await waitFor(() => expect(screen.getByTestId('ai-status')).toHaveTextContent('1 credit used'))
  })

  it('writes above the Gmail signature, keeps it, and asks for a sign-off without a name', async () => {
    const signature = '-- \nSam Lee\nAcme Corp'
    const fetchMock = serve(() => sse(draftStream('Hi Dana,\n\nSigned.\n\nCheers,', 'Contract')))
    renderCompose({ subject: '', body: `\n\n${signature}` })
    await writeWithAi('Tell Dana the contract is signed')
    await waitFor(() =>
      expect(messageField()).toHaveValue(`Hi Dana,\n\nSigned.\n\nCheers,\n\n${signature}`),
    )
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/ai/generate-email')!
    // The signature carries the name: the draft is not to sign a second time above it.
    expect(JSON.parse(init?.body as string)).toMatchObject({ signedBelow: true })
  })

  it('Stop keeps the words written; stopped before any, the message is put back', async () => {
    let stream!: StreamControl
    serve((_url, _body, signal) => {
      stream = streamControl(signal)
      return stream.response
    })
    renderCompose({ subject: '', body: 'My own notes' })
    await writeWithAi('Ask for the signed contract by Friday')
    await waitFor(() => expect(stream).toBeDefined())
    await act(async () => {
      stream.push({ type: 'start', draftId: DRAFT_ID, writer: WRITER })
      stream.push({ type: 'delta', text: 'Hi Dana, could you' })
    })
    await waitFor(() => expect(messageField()).toHaveValue('Hi Dana, could you'))
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() =>
      expect(screen.getByTestId('ai-status')).toHaveTextContent(
        'Stopped; what was written is kept.',
      ),
    )
    expect(messageField()).toHaveValue('Hi Dana, could you')
    // Partial text is not a complete draft: no draft id goes out with it.
    expect(screen.getByTestId('ai-draft-id')).toHaveTextContent('none')

    fireEvent.change(messageField(), { target: { value: 'My own notes' } })
    await writeWithAi('Ask for the signed contract by Friday')
    await act(async () => stream.push({ type: 'start', draftId: DRAFT_ID, writer: WRITER }))
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() =>
      expect(screen.getByTestId('ai-status')).toHaveTextContent(
        'Stopped before any words. No credit used',
      ),
    )
    expect(messageField()).toHaveValue('My own notes')
  })
})
