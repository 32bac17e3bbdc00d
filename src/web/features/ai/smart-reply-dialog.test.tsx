import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { ReplyOption } from '../../../contract/ai'
import type { PlanInfo } from '../../../contract/billing'
import { Toaster } from '../../components/ui/toaster'
import { createQueryClient } from '../../lib/query-client'
import { planQuery } from '../../lib/queries/plan'
import { SmartReplyDialog } from './smart-reply-dialog'
import { sse, streamControl, type StreamControl } from './test-streams'

const PLAN: PlanInfo = {
  plan: 'free',
  aiEmailsUsed: 2,
  aiEmailsLimit: 20,
  canGenerateAI: true,
  proExpiration: null,
  proRenews: false,
  paymentPastDue: false,
  canManageBilling: false,
}
const WRITER = { provider: 'offline', model: 'offline-writer', offline: true }
const DRAFT_ID = '7b0c4f0e-0a57-4d57-9a43-5c9b3d2f4e10'
const REFINED_ID = '0d7f5a1c-3b8e-4c52-9f1a-2e6d4c8b7a90'
const OPTIONS: ReplyOption[] = [
  { label: 'Send it today', instruction: 'Say the signed contract goes out today' },
  { label: 'Ask for a week', instruction: 'Ask for one more week to sign' },
  { label: 'Decline politely', instruction: 'Decline to sign this version' },
]

/** A complete stream: start, the text in two deltas, done. */
const written = (content: string, draftId = DRAFT_ID, notice: string | null = null) => {
  const half = Math.ceil(content.length / 2)
  return sse([
    { type: 'start', draftId, writer: WRITER },
    { type: 'delta', text: content.slice(0, half) },
    { type: 'delta', text: content.slice(half) },
    {
      type: 'done',
      draft: { content, subject: null, draftId, writer: WRITER, notice },
    },
  ])
}

type Generation = (url: string, body: Record<string, unknown>, signal?: AbortSignal) => Response

/** The credits the server has counted (reset by `serve`). */
let used = PLAN.aiEmailsUsed
/** The server's refund of a generation stopped before its first words: a moment after the stop. */
const refundSoon = () => setTimeout(() => (used -= 1), 100)

/**
 * The server: the plan (its count goes up with every credit the test spends, as the server's
 * would), the reply options, and `generation` for the streamed calls.
 */
function serve(
  generation: Generation,
  options: () => Response = () => Response.json({ options: OPTIONS }),
) {
  used = PLAN.aiEmailsUsed
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user/plan') return Response.json({ ...PLAN, aiEmailsUsed: used })
    if (url === '/api/ai/reply-options') return options()
    const answer = generation(url, JSON.parse(init?.body as string), init?.signal ?? undefined)
    if (answer.ok) used += 1
    return answer
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON bodies sent to `url`, in order. */
const sent = (fetchMock: ReturnType<typeof serve>, url: string) =>
  fetchMock.mock.calls
    .filter(([called]) => called === url)
    .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>)

function renderDialog(plan: PlanInfo = PLAN) {
  const client = createQueryClient()
  client.setQueryData(planQuery.queryKey, plan)
  const props = {
    source: {
      threadId: 't1',
      senderName: 'Dana Cruz',
      senderEmail: 'dana@example.com',
      subject: 'Contract',
      body: 'Could you send the signed contract?',
    },
    onSend: vi.fn(async () => undefined),
    onEditInCompose: vi.fn(),
    onClose: vi.fn(),
  }
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/inbox' }).hook}>
        <SmartReplyDialog {...props} />
        <Toaster />
      </Router>
    </QueryClientProvider>,
  )
  return props
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Radix announces a toast a second time for screen readers: the first copy will do. */
const findText = async (text: string) => (await screen.findAllByText(text))[0]
const chips = () => screen.findByRole('group', { name: 'Suggested replies' })
const status = () => screen.getByTestId('ai-status')

// Rendering a dialog and its stream in jsdom is slow on a shared machine.
describe('the Smart Reply dialog', { timeout: 20_000 }, () => {
  it('offers three replies as chips before writing anything, and a pick writes that reply', async () => {
    const fetchMock = serve(() => written('Hi Dana, the signed contract goes out today.'))
    const props = renderDialog()

    const group = await chips()
    const buttons = await within(group).findAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(OPTIONS.map((o) => o.label))
    // Nothing is written, or billed, before the user chooses.
    expect(sent(fetchMock, '/api/ai/smart-reply')).toHaveLength(0)
    expect(screen.queryByLabelText('Your reply')).toBeNull()
    expect(sent(fetchMock, '/api/ai/reply-options')).toEqual([
      {
        originalEmailBody: 'Could you send the signed contract?',
        senderEmail: 'dana@example.com',
        threadId: 't1',
        subject: 'Contract',
      },
    ])

    fireEvent.click(within(group).getByRole('button', { name: 'Send it today' }))
    const reply = await screen.findByDisplayValue('Hi Dana, the signed contract goes out today.')
    expect(sent(fetchMock, '/api/ai/smart-reply')).toEqual([
      expect.objectContaining({
        instruction: 'Say the signed contract goes out today',
        subject: 'Contract',
        senderEmail: 'dana@example.com',
        threadId: 't1',
      }),
    ])
    // The pick is the instruction now, to read, edit or regenerate with.
    expect(screen.getByLabelText('What should the reply say?')).toHaveValue(
      'Say the signed contract goes out today',
    )
    expect(screen.getByText('Offline writer')).toBeInTheDocument()
    await waitFor(() => expect(status()).toHaveTextContent('1 credit used · 17 left'))
    expect(await findText('Smart reply generated successfully!')).toBeInTheDocument()

    fireEvent.change(reply, { target: { value: '  \n ' } })
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Edit in Compose' })).toBeDisabled()

    fireEvent.change(reply, { target: { value: ' Attached, thanks! ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Reply' }))
    await waitFor(() => expect(props.onSend).toHaveBeenCalledWith('Attached, thanks!', DRAFT_ID))
    expect(await findText('Smart reply sent successfully!')).toBeInTheDocument()
    expect(props.onClose).toHaveBeenCalled()
  })

  it('sends the typed instruction, counts it against 2,000, and Regenerate keeps it', async () => {
    const fetchMock = serve(() => written('Hi Dana, Thursday at 3 works.'))
    renderDialog()
    const box = screen.getByLabelText('What should the reply say?')
    expect(box).toHaveAccessibleDescription('0/2,000')

    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } })
    expect(box).toHaveAccessibleDescription('2,001/2,000 — too long to send')
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled()

    fireEvent.change(box, { target: { value: '  Yes to Thursday at 3  ' } })
    expect(box).toHaveAccessibleDescription('20/2,000')
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await screen.findByDisplayValue('Hi Dana, Thursday at 3 works.')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled())
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(sent(fetchMock, '/api/ai/smart-reply')).toHaveLength(2))
    expect(sent(fetchMock, '/api/ai/smart-reply').map((body) => body.instruction)).toEqual([
      'Yes to Thursday at 3',
      'Yes to Thursday at 3',
    ])
  })

  it('writes without an instruction when none is given, and says so when no options came', async () => {
    const fetchMock = serve(
      () => written('Hi Dana, attached.'),
      () => Response.json({ error: { code: 'bad_request', message: 'empty' } }, { status: 400 }),
    )
    renderDialog()
    expect(
      await screen.findByText('None for this mail: say below what the reply should say.'),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await screen.findByDisplayValue('Hi Dana, attached.')
    expect(sent(fetchMock, '/api/ai/smart-reply')[0]).not.toHaveProperty('instruction')
  })

  it('refines the current text: sends it with the action, streams the rewrite in, one credit', async () => {
    const fetchMock = serve((url) =>
      url === '/api/ai/refine'
        ? written('Hi Dana, attached.', REFINED_ID)
        : written('Hi Dana, please find the signed contract attached. Best, Sam'),
    )
    const props = renderDialog()
    fireEvent.click(await screen.findByRole('button', { name: 'Send it today' }))
    const reply = await screen.findByDisplayValue(
      'Hi Dana, please find the signed contract attached. Best, Sam',
    )
    const refine = screen.getByRole('group', { name: 'Refine the reply' })
    expect(
      within(refine)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Shorter', 'Longer', 'More formal', 'More casual', 'Fix grammar'])
    await waitFor(() =>
      expect(within(refine).getByRole('button', { name: 'Shorter' })).toBeEnabled(),
    )
    fireEvent.click(within(refine).getByRole('button', { name: 'Shorter' }))
    await waitFor(() => expect(reply).toHaveValue('Hi Dana, attached.'))
    expect(sent(fetchMock, '/api/ai/refine')).toEqual([
      {
        action: 'shorter',
        text: 'Hi Dana, please find the signed contract attached. Best, Sam',
        draftId: DRAFT_ID,
        contactName: 'Dana Cruz',
        threadId: 't1',
      },
    ])
    await waitFor(() => expect(status()).toHaveTextContent('1 credit used · 16 left'))

    // Edited text is what is refined, and then the draft is not named.
    fireEvent.change(reply, { target: { value: 'Hi Dana, attachd, thx' } })
    fireEvent.click(within(refine).getByRole('button', { name: 'Fix grammar' }))
    await waitFor(() => expect(sent(fetchMock, '/api/ai/refine')).toHaveLength(2))
    expect(sent(fetchMock, '/api/ai/refine')[1]).toEqual({
      action: 'fix-grammar',
      text: 'Hi Dana, attachd, thx',
      contactName: 'Dana Cruz',
      threadId: 't1',
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reply' })).toBeEnabled())
    fireEvent.click(screen.getByRole('button', { name: 'Send Reply' }))
    // The refined draft is the one recorded with the send.
    await waitFor(() => expect(props.onSend).toHaveBeenCalledWith('Hi Dana, attached.', REFINED_ID))
  })

  it('Stop keeps what was written and says the credit was spent; before any words, that none was', async () => {
    let stream!: StreamControl
    const fetchMock = serve((_url, _body, signal) => {
      stream = streamControl(signal)
      return stream.response
    })
    renderDialog()
    fireEvent.click(await screen.findByRole('button', { name: 'Send it today' }))
    await waitFor(() => expect(stream).toBeDefined())
    await act(async () => {
      stream.push({ type: 'start', draftId: DRAFT_ID, writer: WRITER })
      stream.push({ type: 'delta', text: 'Hi Dana, the contract ' })
      stream.push({ type: 'delta', text: 'goes out' })
    })
    const reply = await screen.findByDisplayValue('Hi Dana, the contract goes out')
    expect(reply).toHaveAttribute('readonly')
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Stopped; what was written is kept. 1 credit used · 17 left',
      ),
    )
    expect(stream.aborted()).toBe(true)
    expect(reply).toHaveValue('Hi Dana, the contract goes out')
    expect(reply).not.toHaveAttribute('readonly')
    // The kept words are the user's to finish and send (not a complete AI draft).
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeEnabled()

    // Stopped before the first words: the server refunds, and the dialog says so. The reply
    // that was there stays: it is not lost to a new one that never came.
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(sent(fetchMock, '/api/ai/smart-reply')).toHaveLength(2))
    await act(async () => stream.push({ type: 'start', draftId: DRAFT_ID, writer: WRITER }))
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    refundSoon()
    await waitFor(() =>
      expect(status()).toHaveTextContent('Stopped before any words. No credit used'),
    )
    expect(screen.getByLabelText('Your reply')).toHaveValue('Hi Dana, the contract goes out')
    // The widgets follow the refund, though the server made it after the stop's first refetch.
    await waitFor(
      () =>
        expect(screen.getByTestId('credits-remaining')).toHaveTextContent('17/20 AI emails left'),
      { timeout: 3000 },
    )
  })

  it('shows the writer’s notice beside the draft, never inside it, with where to connect a model', async () => {
    const notice = 'The part about the invoice could not be written in Spanish: a model can.'
    serve(() => written('Hola Dana, le envío el contrato firmado.', DRAFT_ID, notice))
    renderDialog()
    fireEvent.click(await screen.findByRole('button', { name: 'Send it today' }))
    const reply = await screen.findByDisplayValue('Hola Dana, le envío el contrato firmado.')
    const shown = await screen.findByTestId('draft-notice')
    expect(shown).toHaveTextContent(notice)
    expect(reply).not.toContainElement(shown)
    expect((reply as HTMLTextAreaElement).value).not.toContain('invoice')
    const notes = screen.getByTestId('draft-notes')
    expect(within(notes).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    )
    expect(notes).toHaveTextContent('AI_PROVIDER')
  })

  it('blocks before any call when the plan has no generation left', async () => {
    const fetchMock = serve(() => sse([]))
    const props = renderDialog({ ...PLAN, aiEmailsUsed: 20, canGenerateAI: false })
    fireEvent.click(await screen.findByRole('button', { name: 'Send it today' }))
    expect(await findText('AI Generation Limit Reached')).toBeInTheDocument()
    expect(
      await findText(
        "You've used 20/20 AI emails this month. Upgrade to Pro for unlimited access.",
      ),
    ).toBeInTheDocument()
    expect(await findText('Upgrade')).toBeInTheDocument()
    expect(props.onClose).toHaveBeenCalled()
    expect(sent(fetchMock, '/api/ai/smart-reply')).toHaveLength(0)
  })

  it('says Usage Limit Reached on a 429, and the screen’s failure otherwise, keeping no text', async () => {
    serve(() =>
      Response.json({ error: { code: 'ai_limit_reached', message: 'limit' } }, { status: 429 }),
    )
    renderDialog()
    fireEvent.click(await screen.findByRole('button', { name: 'Send it today' }))
    expect(await findText('Usage Limit Reached')).toBeInTheDocument()
    expect(
      await findText(
        "You've reached your monthly AI email limit. Upgrade to Pro for unlimited access.",
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(status()).toHaveTextContent('Nothing was written. No credit used'))

    // A provider failure after some text: the half-written reply is dropped.
    serve(() =>
      sse([
        { type: 'start', draftId: DRAFT_ID, writer: WRITER },
        { type: 'delta', text: 'Hi Da' },
        { type: 'error', error: { code: 'ai_provider_error', message: 'x' } },
      ]),
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }))
    })
    expect(await findText('Failed to generate smart reply')).toBeInTheDocument()
    expect(screen.getByText('0 characters')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled()
  })

  it('asks to wait, not to upgrade, when drafts are already being written (decision 043)', async () => {
    const message = 'You have 3 drafts being written; wait for one to finish'
    serve(
      () =>
        new Response(JSON.stringify({ error: { code: 'ai_generations_busy', message } }), {
          status: 429,
          headers: { 'retry-after': '5' },
        }),
    )
    renderDialog()
    fireEvent.click(await screen.findByRole('button', { name: 'Send it today' }))
    expect(await findText('Drafts in progress')).toBeInTheDocument()
    expect(await findText(message)).toBeInTheDocument()
    expect(screen.queryByText('Usage Limit Reached')).toBeNull()
    expect(screen.queryByText('Upgrade')).toBeNull()
  })
})
