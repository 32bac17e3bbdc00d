import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from '../../components/ui/toaster'
import { createQueryClient } from '../../lib/query-client'
import { ContactScreen } from './contact-screen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })
}

describe('the contact page', () => {
  it('drops the toast of a failed try once "Message sent" shows', async () => {
    let calls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1
        return calls === 1
          ? Response.json({ error: { code: 'upstream', message: 'Down' } }, { status: 503 })
          : Response.json({ id: '0d7f5a1c-3b8e-4c52-9f1a-2e6d4c8b7a90' }, { status: 201 })
      }),
    )
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ContactScreen />
        <Toaster />
      </QueryClientProvider>,
    )
    expect(document.title).toBe('Contact us — Inkwell')
    fill('Name', 'Ada')
    fill('Email', 'ada@example.com')
    fill('Message', 'Hello there')
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeVisible()

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Message sent')).toBeVisible()
    await waitFor(() =>
      expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull(),
    )
  })
})
