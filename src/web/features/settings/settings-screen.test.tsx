import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults'
import type { UserSettings } from '../../../contract/settings'
import { createQueryClient } from '../../lib/query-client'
import { settingsKey } from '../../lib/queries/settings'
import { PreferencesForm } from './settings-screen'

type Put = Partial<UserSettings>

/** The preferences over a stubbed server that saves what it is sent; `puts` are the saves. */
function renderPreferences({ fail = false } = {}) {
  const puts: Put[] = []
  let stored: UserSettings = { ...DEFAULT_SETTINGS }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/user/settings' && init.method === 'PUT') {
        const changes = JSON.parse(String(init.body)) as Put
        puts.push(changes)
        if (fail) return new Response('{}', { status: 500 })
        stored = { ...stored, ...changes }
        return new Response(JSON.stringify(stored))
      }
      return new Response(JSON.stringify(stored))
    }),
  )
  const client = createQueryClient()
  client.setQueryData(settingsKey, DEFAULT_SETTINGS)
  const view = render(
    <QueryClientProvider client={client}>
      <PreferencesForm saved={DEFAULT_SETTINGS} />
    </QueryClientProvider>,
  )
  return { puts, client, unmount: view.unmount }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('settings apply at once and save themselves (issue 25)', () => {
  it('a change applies to every screen at once, is saved alone, and says Saved', async () => {
    const { puts, client } = renderPreferences()
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('switch', { name: 'Compact view' }))
    // Before the server has answered, the app already follows it.
    expect(client.getQueryData<UserSettings>(settingsKey)?.compactView).toBe(true)
    await waitFor(() =>
      expect(screen.getByTestId('settings-save-status')).toHaveTextContent('Saved'),
    )
    expect(puts).toEqual([{ compactView: true }])
  })

  it('a change is saved when the screen goes before its moment came', async () => {
    const { puts, unmount } = renderPreferences()
    fireEvent.click(screen.getByRole('switch', { name: 'Compact view' }))
    unmount()
    await waitFor(() => expect(puts).toEqual([{ compactView: true }]))
  })

  it('changes made together are saved together, each once', async () => {
    const { puts } = renderPreferences()
    fireEvent.click(screen.getByRole('switch', { name: 'Compact view' }))
    fireEvent.click(screen.getByRole('switch', { name: 'Animations' }))
    await waitFor(() =>
      expect(screen.getByTestId('settings-save-status')).toHaveTextContent('Saved'),
    )
    expect(puts).toEqual([{ compactView: true, animationsEnabled: false }])
  })

  it('a save that fails says so', async () => {
    renderPreferences({ fail: true })
    fireEvent.click(screen.getByRole('switch', { name: 'Compact view' }))
    await waitFor(() =>
      expect(screen.getByTestId('settings-save-status')).toHaveTextContent('Not saved'),
    )
  })
})
