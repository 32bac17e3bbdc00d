import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from '../../../../components/ui/toaster'
import { createQueryClient } from '../../../../lib/query-client'
import { SendButton } from './send-button'

// Radix positions the menu with ResizeObserver, which jsdom does not have.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderButton(plan: 'free' | 'pro') {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url)
      if (url === '/api/user/plan') return Response.json({ plan })
      return new Response(null, { status: 404 })
    }),
  )
  const onSendLater = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SendButton disabled={false} sending={false} onSendLater={onSendLater} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { onSendLater, calls }
}

/** Opens the Send menu from the keyboard, as a keyboard user would. */
async function openMenu() {
  await waitFor(() => expect(screen.getByRole('group', { name: 'Send' })).toBeTruthy())
  fireEvent.keyDown(screen.getByRole('button', { name: 'More send options' }), { key: 'Enter' })
  return screen.findByRole('menu', { name: 'More send options' })
}

describe('the Send split button', () => {
  it('offers Send later to a Pro user, at tomorrow 8:00 on their clock', async () => {
    const { onSendLater, calls } = renderButton('pro')
    await waitFor(() => expect(calls).toContain('/api/user/plan'))
    const menu = await openMenu()
    expect(within(menu).getByText('Send later')).toBeTruthy()
    expect(within(menu).queryByText('Pro')).toBeNull()
    fireEvent.click(within(menu).getByRole('menuitem', { name: /^Tomorrow morning/ }))
    expect(onSendLater).toHaveBeenCalledTimes(1)
    const at = onSendLater.mock.calls[0]![0] as Date
    const tomorrow = new Date()
    tomorrow.setDate(tomorrow.getDate() + 1)
    expect(at.toDateString()).toBe(tomorrow.toDateString())
    expect([at.getHours(), at.getMinutes()]).toEqual([8, 0])
  })

  it('shows a Free user the Pro badge, and choosing tells them to upgrade without sending', async () => {
    const { onSendLater, calls } = renderButton('free')
    await waitFor(() => expect(calls).toContain('/api/user/plan'))
    let menu = await openMenu()
    await waitFor(() => expect(within(menu).getByText('Pro')).toBeTruthy())
    fireEvent.click(within(menu).getByRole('menuitem', { name: /^Monday morning/ }))
    expect(await screen.findByText('Send later is part of Pro')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/upgrade',
    )
    // The picker is not offered either.
    menu = await openMenu()
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Pick date & time…' }))
    expect(screen.queryByRole('dialog', { name: 'Send later' })).toBeNull()
    expect(onSendLater).not.toHaveBeenCalled()
  })

  it('schedules at a picked date & time, and refuses one less than a minute ahead', async () => {
    const { onSendLater, calls } = renderButton('pro')
    await waitFor(() => expect(calls).toContain('/api/user/plan'))
    const menu = await openMenu()
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Pick date & time…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send later' })
    const input = within(dialog).getByLabelText('Date and time')
    fireEvent.change(input, { target: { value: '2020-01-01T08:00' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule send' }))
    expect(
      await within(dialog).findByText('Choose a time at least a minute from now.'),
    ).toBeTruthy()
    expect(onSendLater).not.toHaveBeenCalled()

    const later = new Date()
    later.setDate(later.getDate() + 3)
    const pad = (n: number) => String(n).padStart(2, '0')
    const value = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T09:30`
    fireEvent.change(input, { target: { value } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule send' }))
    await waitFor(() => expect(onSendLater).toHaveBeenCalledTimes(1))
    const at = onSendLater.mock.calls[0]![0] as Date
    expect([at.getDate(), at.getHours(), at.getMinutes()]).toEqual([later.getDate(), 9, 30])
  })
})
