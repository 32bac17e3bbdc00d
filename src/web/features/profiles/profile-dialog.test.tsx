import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { WritingProfile } from '../../../contract/profiles'
import { createQueryClient } from '../../lib/query-client'
import { ProfileDialog } from './profile-dialog'

const stored: WritingProfile = {
  id: '0b7c9e36-5a0e-4f4c-9f5e-2f7f1d1d2a10',
  name: 'Work',
  description: null,
  tone: 'direct',
  style: 'technical',
  vocabulary: 'advanced',
  sentenceStructure: 'short',
  personalityTraits: ['curious', 'calm'],
  commonPhrases: ['Happy to help'],
  avoidPhrases: [],
  signatureStyle: null,
  exampleText: null,
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}

type Call = { method: string; url: string; body: Record<string, unknown> }

function renderDialog(profile?: WritingProfile) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
      calls.push({ method: init.method ?? 'GET', url, body })
      return new Response(JSON.stringify({ ...stored, ...body }))
    }),
  )
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfileDialog profile={profile} onClose={onClose} />
    </QueryClientProvider>,
  )
  const dialog = screen.getByRole('dialog', {
    name: profile ? 'Edit Writing Profile' : 'Create Writing Profile',
  })
  return { calls, onClose, dialog }
}

function describedBy(control: HTMLElement): string {
  const id = control.getAttribute('aria-describedby')
  return (id && document.getElementById(id)?.textContent) || ''
}

const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET')

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the writing profile dialog', () => {
  it('refuses a profile without a name with the spec’s message, on the focused field', async () => {
    const { dialog, calls, onClose } = renderDialog()
    const name = within(dialog).getByLabelText('Profile name')
    const create = within(dialog).getByRole('button', { name: 'Create Profile' })
    create.focus()
    fireEvent.click(create)

    await vi.waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(describedBy(name)).toBe('Profile name is required')
    expect(saves(calls)).toEqual([])
    expect(onClose).not.toHaveBeenCalled()

    fireEvent.change(name, { target: { value: 'Work' } })
    await vi.waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'))
  })

  it('shows a list that breaks the contract’s limit under that list', async () => {
    const { dialog, calls } = renderDialog()
    fireEvent.change(within(dialog).getByLabelText('Profile name'), { target: { value: 'Work' } })
    const avoid = within(dialog).getByLabelText('Phrases to avoid')
    const many = Array.from({ length: 51 }, (_, i) => `phrase ${i}`).join(', ')
    fireEvent.change(avoid, { target: { value: many } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Profile' }))

    await vi.waitFor(() => expect(avoid).toHaveFocus())
    expect(describedBy(avoid)).toBe('At most 50 entries')
    expect(saves(calls)).toEqual([])
  })

  it('creates a profile with the typed lists sent as lists', async () => {
    const { dialog, calls, onClose } = renderDialog()
    fireEvent.change(within(dialog).getByLabelText('Profile name'), {
      target: { value: 'Casual' },
    })
    fireEvent.change(within(dialog).getByLabelText('Personality traits'), {
      target: { value: 'warm, direct\ncurious' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Profile' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/writing-profiles',
        body: expect.objectContaining({
          name: 'Casual',
          tone: 'professional',
          personalityTraits: ['warm', 'direct', 'curious'],
          commonPhrases: [],
          description: null,
        }),
      },
    ])
  })

  it('opens a stored profile as it is and saves the edit', async () => {
    const { dialog, calls, onClose } = renderDialog(stored)
    expect(within(dialog).getByLabelText('Profile name')).toHaveValue('Work')
    expect(within(dialog).getByLabelText('Personality traits')).toHaveValue('curious, calm')
    expect(within(dialog).getByLabelText('Tone')).toHaveTextContent('Direct')
    fireEvent.change(within(dialog).getByLabelText('Signature style'), {
      target: { value: 'Cheers, Sam' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(saves(calls)).toEqual([
      {
        method: 'PUT',
        url: `/api/writing-profiles/${stored.id}`,
        body: expect.objectContaining({
          name: 'Work',
          tone: 'direct',
          personalityTraits: ['curious', 'calm'],
          signatureStyle: 'Cheers, Sam',
        }),
      },
    ])
  })
})
