import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { PlanInfo } from '../../../contract/billing'
import type { Contact } from '../../../contract/contacts'
import type { WritingProfile } from '../../../contract/profiles'
import { createQueryClient } from '../../lib/query-client'
import { ContactDialog } from './contact-dialog'

const stored: Contact = {
  id: '7d1f0a4e-31a8-4a38-9a4c-0c1f0c7d7f11',
  name: 'Jane Doe',
  email: 'jane@example.com',
  avatar: null,
  tone: 'friendly',
  formality: 'informal',
  language: 'french',
  greeting: 'Dear',
  signoff: 'Best regards',
  memory: null,
  context: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  writingProfileId: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
}

/** The autosave waits for the spec's 2 s of quiet: what follows it is awaited, not timed. */
const AFTER_AUTOSAVE = { timeout: 5000 }

type Call = { method: string; url: string; body: Record<string, unknown> }

function planOf(plan: PlanInfo['plan']): PlanInfo {
  return {
    plan,
    aiEmailsUsed: 0,
    aiEmailsLimit: plan === 'pro' ? null : 20,
    canGenerateAI: true,
    proExpiration: null,
    proRenews: false,
    paymentPastDue: false,
    canManageBilling: false,
  }
}

const profile = (id: string, name: string, isDefault = false): WritingProfile => ({
  id,
  name,
  description: null,
  tone: 'professional',
  style: 'concise',
  vocabulary: 'standard',
  sentenceStructure: 'mixed',
  personalityTraits: [],
  commonPhrases: [],
  avoidPhrases: [],
  signatureStyle: null,
  exampleText: null,
  isDefault,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
})
const EVERYDAY = profile('3c3c9a4e-1d1e-4c8e-9a5c-6f1e2d3c4b5a', 'Everyday', true)
const BOARD = profile('8a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', 'Board letters')

type Options = {
  plan?: PlanInfo['plan']
  /** The answer to a save; the saved contact when absent. */
  answer?: (call: Call) => Response | undefined
}

/** The dialog over a stubbed server; `calls` are the saves it sent (reads are left out). */
function renderDialog(contact?: Contact, { plan = 'free', answer }: Options = {}) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      if (method === 'GET' && url === '/api/user/plan') {
        return new Response(JSON.stringify(planOf(plan)))
      }
      if (method === 'GET' && url === '/api/writing-profiles') {
        return new Response(JSON.stringify([EVERYDAY, BOARD]))
      }
      const call: Call = {
        method,
        url,
        body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
      }
      calls.push(call)
      return answer?.(call) ?? new Response(JSON.stringify({ ...stored, ...call.body }))
    }),
  )
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactDialog contact={contact} onClose={onClose} />
    </QueryClientProvider>,
  )
  const dialog = screen.getByRole('dialog', { name: contact ? 'Edit Contact' : 'Add Contact' })
  return { calls, onClose, dialog }
}

/** A field's error is what its control is described by, so a screen reader reads it too. */
function describedBy(control: HTMLElement): string {
  const id = control.getAttribute('aria-describedby')
  return (id && document.getElementById(id)?.textContent) || ''
}

// jsdom lays nothing out; Radix's select scrolls its chosen option into view when it opens.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the contact dialog', () => {
  it('shows the contract’s messages by the bad fields and focuses the first one', () => {
    const { dialog, calls } = renderDialog()
    const name = within(dialog).getByLabelText('Name')
    const email = within(dialog).getByLabelText('Email')

    // The dialog opens with Name focused; a click on the button takes the focus there.
    const add = within(dialog).getByRole('button', { name: 'Add Contact' })
    add.focus()
    fireEvent.click(add)
    expect(calls).toEqual([])
    return vi.waitFor(() => {
      expect(name).toHaveAttribute('aria-invalid', 'true')
      expect(describedBy(name)).toBe('Name is required')
      expect(describedBy(email)).toBe('Email is required')
      expect(name).toHaveFocus()
    })
  })

  it('moves the focus to the first field still wrong, and an edited field loses its error', async () => {
    const { dialog } = renderDialog()
    const name = within(dialog).getByLabelText('Name')
    const email = within(dialog).getByLabelText('Email')
    fireEvent.change(name, { target: { value: 'Jane Doe' } })
    fireEvent.change(email, { target: { value: 'not-an-email' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }))

    await vi.waitFor(() => expect(email).toHaveFocus())
    expect(describedBy(email)).toBe('Enter a valid email address')
    expect(name).not.toHaveAttribute('aria-invalid')

    fireEvent.change(email, { target: { value: 'jane@example' } })
    await vi.waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'))
    expect(within(dialog).queryByText('Enter a valid email address')).toBeNull()
  })

  it('adds a valid contact with the values the contract makes of the form', async () => {
    const { dialog, calls, onClose } = renderDialog()
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Jane Doe ' } })
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'Jane@Example.com' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/contacts',
        body: expect.objectContaining({
          name: 'Jane Doe',
          email: 'jane@example.com',
          tone: 'professional',
          greeting: 'Dear',
          memory: null,
        }),
      },
    ])
  })

  it('puts the server’s reason for a duplicate e-mail under Email', async () => {
    const { dialog, onClose } = renderDialog(undefined, {
      answer: () =>
        new Response(
          JSON.stringify({
            error: { code: 'conflict', message: 'A contact with this email already exists' },
          }),
          { status: 409 },
        ),
    })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Jane' } })
    const email = within(dialog).getByLabelText('Email')
    fireEvent.change(email, { target: { value: 'jane@example.com' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }))

    await vi.waitFor(() =>
      expect(describedBy(email)).toBe('A contact with this email already exists'),
    )
    expect(onClose).not.toHaveBeenCalled()
  })

  it('autosaves an edit once the typing stops, and says so', async () => {
    const { dialog, calls } = renderDialog(stored)
    const notes = within(dialog).getByLabelText('Context / notes')
    fireEvent.change(notes, { target: { value: 'Prefers short e-mails before 10am' } })

    expect(
      await within(dialog).findByText('All changes saved', {}, AFTER_AUTOSAVE),
    ).toBeInTheDocument()
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: `/api/contacts/${stored.id}`,
        body: expect.objectContaining({
          name: 'Jane Doe',
          tone: 'friendly',
          context: 'Prefers short e-mails before 10am',
        }),
      },
    ])
    expect(notes).toHaveValue('Prefers short e-mails before 10am')
  })

  it('autosaves a new choice in a select as it does typing', async () => {
    const { dialog, calls } = renderDialog(stored)
    const tone = within(dialog).getByLabelText('Tone')
    expect(tone).toHaveTextContent('Friendly')
    fireEvent.keyDown(tone, { key: 'Enter' })
    fireEvent.keyDown(await screen.findByRole('option', { name: 'Professional' }), {
      key: 'Enter',
    })

    await within(dialog).findByText('All changes saved', {}, AFTER_AUTOSAVE)
    expect(tone).toHaveTextContent('Professional')
    expect(calls.map((call) => call.body.tone)).toEqual(['professional'])
  })

  it('does not autosave what the contract refuses: the error shows and the focus stays put', async () => {
    const { dialog, calls } = renderDialog(stored)
    const email = within(dialog).getByLabelText('Email')
    const notes = within(dialog).getByLabelText('Context / notes')
    fireEvent.change(email, { target: { value: 'jane-at-example' } })
    notes.focus()

    await vi.waitFor(
      () => expect(describedBy(email)).toBe('Enter a valid email address'),
      AFTER_AUTOSAVE,
    )
    expect(within(dialog).getByText('Changes not saved')).toBeInTheDocument()
    expect(notes).toHaveFocus()
    expect(calls).toEqual([])
  })

  it('lets a Pro user choose the contact’s writing profile, and autosaves the choice', async () => {
    const { dialog, calls } = renderDialog(stored, { plan: 'pro' })
    const field = within(dialog).getByLabelText('Writing profile')
    await vi.waitFor(() => expect(field).toBeEnabled())
    expect(field).toHaveTextContent('Default profile')
    expect(within(dialog).queryByText('Pro', { exact: true })).toBeNull()

    fireEvent.keyDown(field, { key: 'Enter' })
    fireEvent.keyDown(await screen.findByRole('option', { name: 'Board letters' }), {
      key: 'Enter',
    })
    await within(dialog).findByText('All changes saved', {}, AFTER_AUTOSAVE)
    expect(field).toHaveTextContent('Board letters')
    expect(calls.map((call) => call.body.writingProfileId)).toEqual([BOARD.id])
  })

  it('shows a Free user the choice marked Pro, closed, and never sends it', async () => {
    const { dialog, calls } = renderDialog(
      { ...stored, writingProfileId: BOARD.id },
      { plan: 'free' },
    )
    const field = within(dialog).getByLabelText('Writing profile')
    // A choice kept from Pro shows; drafts use the default meanwhile, and the field says so.
    await vi.waitFor(() => expect(field).toHaveTextContent('Board letters'))
    expect(field).toBeDisabled()
    expect(within(dialog).getByText('Pro', { exact: true })).toBeInTheDocument()
    expect(describedBy(field)).toContain('use your default profile while you are on Free')
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/upgrade',
    )

    fireEvent.change(within(dialog).getByLabelText('Context / notes'), {
      target: { value: 'Chairs the board' },
    })
    await within(dialog).findByText('All changes saved', {}, AFTER_AUTOSAVE)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.body).toMatchObject({ context: 'Chairs the board' })
    expect(calls[0]!.body).not.toHaveProperty('writingProfileId')
  })
})
