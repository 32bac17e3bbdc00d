import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { lazyScreen } from './lazy-screen'

function Heading() {
  return <h1>Contacts</h1>
}

const inSuspense = (Screen: React.ComponentType) =>
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen />
    </Suspense>,
  )

describe('lazyScreen', () => {
  afterEach(cleanup)

  it('renders a preloaded screen in the first commit, never through the fallback', async () => {
    const Screen = lazyScreen(async () => Heading)
    await Screen.preload()
    inSuspense(Screen)
    // Synchronously after render: a screen that suspended would show the fallback here, and
    // React would then hold its content back for 300 ms.
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).toBeNull()
  })

  it('shows the fallback for a screen whose code has not arrived, then the screen', async () => {
    const Screen = lazyScreen(async () => Heading)
    inSuspense(Screen)
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument()
  })

  it('loads once, and tries a failed load again', async () => {
    let calls = 0
    const Screen = lazyScreen(async () => {
      calls++
      if (calls === 1) throw new Error('offline')
      return Heading
    })
    await expect(Screen.preload()).rejects.toThrow('offline')
    await Screen.preload()
    await Screen.preload()
    expect(calls).toBe(2)
  })
})
