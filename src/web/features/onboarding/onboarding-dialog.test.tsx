import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../../lib/query-client'
import { OnboardingDialog } from './onboarding-dialog'

type Call = { method: string; url: string; body: unknown }

/** The dialog over a stubbed server; `calls` are the writes it sent. */
function renderOnboarding({ completed = false } = {}) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      if (method !== 'GET') {
        calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null })
      }
      if (url === '/api/user/onboarding') {
        return new Response(JSON.stringify({ hasCompletedOnboarding: true, hasSeenTutorial: true }))
      }
      if (url.startsWith('/api/contacts/suggestions')) return new Response('[]')
      return new Response('{}')
    }),
  )
  const onOpenChange = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OnboardingDialog
        open
        onOpenChange={onOpenChange}
        myEmail="ada@example.com"
        completed={completed}
      />
    </QueryClientProvider>,
  )
  return { calls, onOpenChange }
}

const title = () => screen.getByRole('heading', { level: 2 })
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key })
const completions = (calls: Call[]) =>
  calls.filter(
    (c) => c.url === '/api/user/onboarding' && (c.body as { completed?: boolean }).completed,
  )

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the onboarding', () => {
  it('opens at the welcome, focused, counting its steps, and says it was seen', async () => {
    const { calls } = renderOnboarding()
    expect(screen.getByRole('dialog', { name: 'Welcome to Inkwell' })).toBeInTheDocument()
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument()
    expect(title()).toHaveFocus()
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        url: '/api/user/onboarding',
        body: { tutorialSeen: true },
      }),
    )
  })

  it('goes on with Enter and →, back with ←, the focus following to each title', async () => {
    renderOnboarding()
    press('Enter')
    expect(title()).toHaveTextContent('Learn my style from my sent mail')
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument()
    await waitFor(() => expect(title()).toHaveFocus())
    press('ArrowRight')
    expect(title()).toHaveTextContent('Set how you write to the people you write to most')
    press('ArrowLeft')
    expect(title()).toHaveTextContent('Learn my style from my sent mail')
    press('ArrowLeft')
    press('ArrowLeft')
    expect(title()).toHaveTextContent('Welcome to Inkwell')
  })

  it('skips with Esc from any step, and skipping marks it done', async () => {
    const { calls, onOpenChange } = renderOnboarding()
    press('ArrowRight')
    press('Escape')
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(completions(calls)).toHaveLength(1))
  })

  it('skips with the Skip button, which Enter presses rather than going on', async () => {
    const { calls, onOpenChange } = renderOnboarding()
    const skip = screen.getByRole('button', { name: 'Skip' })
    skip.focus()
    press('Enter')
    // Enter on a button is the button's own: the step does not move.
    expect(title()).toHaveTextContent('Welcome to Inkwell')
    fireEvent.click(skip)
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(completions(calls)).toHaveLength(1))
  })

  it('ends with Done on the last step, marking it done', async () => {
    const { calls, onOpenChange } = renderOnboarding()
    for (let i = 0; i < 4; i++) press('ArrowRight')
    expect(title()).toHaveTextContent('You are all set')
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument()
    press('Enter')
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(completions(calls)).toHaveLength(1))
  })

  it('restarted from the Tutorial button, writes nothing more when closed', async () => {
    const { calls, onOpenChange } = renderOnboarding({ completed: true })
    press('Escape')
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(calls.length).toBeGreaterThan(0))
    expect(completions(calls)).toHaveLength(0)
  })
})
