import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { Plans } from '../../../contract/billing'
import { Toaster } from '../../components/ui/toaster'
import { createQueryClient } from '../../lib/query-client'
import { PriceOptions } from './price-options'

const PLANS: Plans = {
  free: { aiEmailsPerMonth: 20, features: [] },
  pro: {
    features: [],
    monthly: { interval: 'monthly', priceId: 'price_m', amountMinor: 900, currency: 'usd' },
    yearly: { interval: 'yearly', priceId: 'price_y', amountMinor: 9000, currency: 'usd' },
  },
}

/** Serves the plans; the checkout call answers with `checkout`. */
function serve(checkout: () => Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/plans' ? new Response(JSON.stringify(PLANS)) : checkout(),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderOptions() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PriceOptions />
      <Toaster />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Waits for a toast saying `text` (Radix also copies it into a passing live region). */
async function expectToast(text: string) {
  await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThan(0))
}

describe('choosing a Pro price', () => {
  it('shows the prices and the yearly saving from the plans source', async () => {
    serve(() => Promise.reject(new Error('not called')))
    renderOptions()
    const yearly = await screen.findByRole('group', { name: 'Yearly' })
    expect(within(yearly).getByText('$90')).toBeInTheDocument()
    expect(within(yearly).getByText('Save 17% · 2 months free')).toBeInTheDocument()
    expect(
      within(screen.getByRole('group', { name: 'Monthly' })).getByText('$9'),
    ).toBeInTheDocument()
  })

  it('sends only the configured price id, and shows the server’s reason as a Payment Error', async () => {
    const fetchMock = serve(async () =>
      Response.json(
        {
          error: {
            code: 'payment_provider_unavailable',
            message: 'The payment provider could not be reached. Please try again.',
          },
        },
        { status: 502 },
      ),
    )
    renderOptions()
    ;(await screen.findByRole('button', { name: 'Choose Yearly' })).click()
    await expectToast('Payment Error')
    await expectToast('The payment provider could not be reached. Please try again.')
    const [, init] = fetchMock.mock.calls.find(([url]) => url !== '/api/plans') as unknown as [
      string,
      RequestInit,
    ]
    expect(JSON.parse(String(init.body))).toEqual({ priceId: 'price_y', planType: 'yearly' })
    expect(screen.getByRole('button', { name: 'Choose Yearly' })).toBeEnabled()
  })

  it('falls back to the spec’s text when the call fails without a reason', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')))
    renderOptions()
    ;(await screen.findByRole('button', { name: 'Choose Monthly' })).click()
    await expectToast('Payment Error')
    await expectToast('Failed to start checkout process. Please try again.')
  })
})
