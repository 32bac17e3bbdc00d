import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../../../../lib/query-client'
import { AddressField } from './address-field'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

let latest = ''
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  latest = value
  return <AddressField id="cc" label="Cc" value={value} onChange={setValue} />
}

function setup(initial?: string) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ suggestions: [] }), { status: 200 })),
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  )
  return screen.getByRole('combobox', { name: 'Cc' })
}

const type = (input: HTMLElement, text: string) => {
  for (let i = 1; i <= text.length; i++)
    fireEvent.change(input, { target: { value: text.slice(0, i) } })
}

describe('AddressField', () => {
  it('keeps a half-typed address in the value, and Tab makes it a chip', () => {
    const input = setup()
    type(input, 'cc.person@example.com')
    expect(latest).toBe('cc.person@example.com')
    fireEvent.keyDown(input, { key: 'Tab' })
    expect(latest).toBe('cc.person@example.com')
    expect(screen.getAllByTestId('address-chip').map((c) => c.textContent)).toEqual([
      'cc.person@example.com',
    ])
    expect(input).toHaveProperty('value', '')
  })

  it('marks what is not an address, and Backspace takes the last chip', () => {
    const input = setup('kim@example.com')
    type(input, 'nope')
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('“nope” is not an e-mail address')).toBeTruthy()
    fireEvent.keyDown(input, { key: 'Backspace' })
    expect(latest).toBe('kim@example.com')
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })
})
