import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { lazyComponent } from './lazy-component'

function Heading() {
  return <h1>Contacts</h1>
}

const inSuspense = (Screen: React.ComponentType) =>
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen />
    </Suspense>,
  )

describe('lazyComponent', () => {
  afterEach(cleanup)

  it('renders a preloaded component in the first commit, never through the fallback', async () => {
    const Screen = lazyComponent(async () => Heading)
    await Screen.preload()
    inSuspense(Screen)
    // Synchronously after render: a component that suspended would show the fallback here, and
    // React would then hold its content back for 300 ms.
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).toBeNull()
  })

  it('shows the fallback for a component whose code has not arrived, then the component', async () => {
    const Screen = lazyComponent(async () => Heading)
    inSuspense(Screen)
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument()
  })

  it('loads once, and tries a failed load again', async () => {
    let calls = 0
    const Screen = lazyComponent(async () => {
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
