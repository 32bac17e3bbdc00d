import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../../../lib/query-client'
import { TemplatesSection } from './templates-section'

const MINE = {
  id: '6b0d3c2e-1111-4a4a-8888-000000000001',
  kind: 'custom',
  key: null,
  name: 'Weekly update',
  subject: 'This week',
  body: 'Hi {{firstName}}',
  language: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const BUILT_IN = { ...MINE, id: 'builtin-thank-you-en', kind: 'builtin', key: 'thank-you' }

function serve(plan: 'free' | 'pro') {
  const posts: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/user/plan') return Response.json({ plan })
      if (url === '/api/templates' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)))
        return Response.json({ ...MINE, id: 'new' }, { status: 201 })
      }
      if (url === '/api/templates') return Response.json([BUILT_IN, MINE])
      return new Response(null, { status: 404 })
    }),
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TemplatesSection />
    </QueryClientProvider>,
  )
  return posts
}

describe('the Templates section', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('lets a Pro user see, create and edit their own templates', async () => {
    const posts = serve('pro')
    expect(await screen.findByText('Weekly update')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Weekly update' })).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Check-in' } })
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hi {{firstName}}!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(posts).toEqual([
        { name: 'Check-in', subject: '', body: 'Hi {{firstName}}!', language: null },
      ]),
    )
  })

  it('shows a Free user the Pro badge and where to upgrade, and no way to create', async () => {
    serve('free')
    expect(await screen.findByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/upgrade',
    )
    expect(screen.getByText('Pro')).toBeTruthy()
    // A template made before a downgrade can still be deleted, not edited.
    expect(await screen.findByRole('button', { name: 'Delete Weekly update' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Edit Weekly update' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull()
  })
})
