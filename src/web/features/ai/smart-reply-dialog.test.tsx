import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { DraftStreamEvent } from '../../../contract/ai'
import type { PlanInfo } from '../../../contract/billing'
import { Toaster } from '../../components/ui/toaster'
import { createQueryClient } from '../../lib/query-client'
import { planQuery } from '../../lib/queries/plan'
import { SmartReplyDialog } from './smart-reply-dialog'

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

const sse = (events: DraftStreamEvent[]) =>
  new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  })

/** The server: the plan, and `generation` for the smart reply call. */
function serve(generation: () => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/user/plan' ? new Response(JSON.stringify(PLAN)) : generation(),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

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

// Rendering a dialog and its stream in jsdom is slow on a shared machine.
describe('the Smart Reply dialog', { timeout: 20_000 }, () => {
  it('fills in the streamed reply, labels the offline writer, and sends only non-blank text', async () => {
    const fetchMock = serve(() =>
      sse([
        { type: 'start', draftId: DRAFT_ID, writer: WRITER },
        { type: 'delta', text: 'Hi Dana, ' },
        { type: 'delta', text: 'attached.' },
        {
          type: 'done',
          draft: {
            content: 'Hi Dana, attached.',
            subject: null,
            draftId: DRAFT_ID,
            writer: WRITER,
          },
        },
      ]),
    )
    const props = renderDialog()
    const reply = await screen.findByDisplayValue('Hi Dana, attached.')
    expect(screen.getByText('Offline writer')).toBeInTheDocument()
    expect(screen.getByText('18 characters')).toBeInTheDocument()
    expect(await findText('Smart reply generated successfully!')).toBeInTheDocument()

    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/ai/smart-reply')!
    expect(JSON.parse(init?.body as string)).toMatchObject({
      originalEmailBody: 'Could you send the signed contract?',
      senderEmail: 'dana@example.com',
      threadId: 't1',
    })

    fireEvent.change(reply, { target: { value: '  \n ' } })
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Edit in Compose' })).toBeDisabled()

    fireEvent.change(reply, { target: { value: ' Attached, thanks! ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Reply' }))
    await waitFor(() => expect(props.onSend).toHaveBeenCalledWith('Attached, thanks!', DRAFT_ID))
    expect(await findText('Smart reply sent successfully!')).toBeInTheDocument()
    expect(props.onClose).toHaveBeenCalled()
  })

  it('blocks before any call when the plan has no generation left', async () => {
    const fetchMock = serve(() => sse([]))
    const props = renderDialog({ ...PLAN, aiEmailsUsed: 20, canGenerateAI: false })
    expect(await findText('AI Generation Limit Reached')).toBeInTheDocument()
    expect(
      await findText(
        "You've used 20/20 AI emails this month. Upgrade to Pro for unlimited access.",
      ),
    ).toBeInTheDocument()
    expect(await findText('Upgrade')).toBeInTheDocument()
    expect(props.onClose).toHaveBeenCalled()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/ai/smart-reply')).toBe(false)
  })

  it('says Usage Limit Reached on a 429, and the screen’s failure otherwise, keeping no text', async () => {
    serve(
      () =>
        new Response('{"error":{"code":"ai_limit_reached","message":"limit"}}', { status: 429 }),
    )
    renderDialog()
    expect(await findText('Usage Limit Reached')).toBeInTheDocument()
    expect(
      await findText(
        "You've reached your monthly AI email limit. Upgrade to Pro for unlimited access.",
      ),
    ).toBeInTheDocument()

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
    expect(await findText('Drafts in progress')).toBeInTheDocument()
    expect(await findText(message)).toBeInTheDocument()
    expect(screen.queryByText('Usage Limit Reached')).toBeNull()
    expect(screen.queryByText('Upgrade')).toBeNull()
  })
})
