import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Draft } from '../../../../contract/mail'
import { createQueryClient } from '../../../lib/query-client'
import { DraftsScreen } from './drafts-screen'

const ME = { id: 'u1', name: 'Sam Rivera', email: 'sam@example.com', avatar: null }

function draft(fields: Partial<Draft> & Pick<Draft, 'id'>): Draft {
  return {
    to: '',
    cc: '',
    bcc: '',
    subject: 'Plan',
    body: 'First thoughts',
    snippet: 'First thoughts',
    timestamp: '2026-03-02T08:00:00.000Z',
    threadId: null,
    inReplyTo: '',
    ...fields,
  } as Draft
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function serve(drafts: Draft[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/gmail/drafts') return Response.json({ drafts })
      if (url === '/api/auth/user') return Response.json(ME)
      if (url === '/api/contacts') return Response.json([{ name: 'Ana López', email: 'ana@x.io' }])
      return new Response(null, { status: 404 })
    }),
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/drafts' }).hook}>
        <DraftsScreen />
      </Router>
    </QueryClientProvider>,
  )
}

describe('the Drafts view', () => {
  it('names recipients (contacts by name, the user as me), and a row is named as it reads', async () => {
    serve([draft({ id: 'd1', to: 'ana@x.io, sam@example.com, kim@y.io', subject: 'Plan' })])
    const row = await screen.findByTestId('draft-row')
    await within(row).findByText('to Ana López, me, kim@y.io')
    expect(within(row).getByTestId('draft-to')).toHaveTextContent(
      /^Draft to Ana López, me, kim@y\.io$/,
    )
    expect(within(row).getAllByRole('button')[0]).toHaveAccessibleName(
      'Draft to Ana López, me, kim@y.io: Plan',
    )
  })

  it('says when a draft has nobody to go to yet, in its name too', async () => {
    serve([draft({ id: 'd2', to: '', subject: '' })])
    const row = await screen.findByTestId('draft-row')
    expect(within(row).getByTestId('draft-to')).toHaveTextContent(/^Draft \(no recipient\)$/)
    expect(within(row).getAllByRole('button')[0]).toHaveAccessibleName(
      'Draft (no recipient): (no subject)',
    )
  })
})
