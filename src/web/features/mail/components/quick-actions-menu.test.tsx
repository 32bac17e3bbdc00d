import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { Thread } from '../../../../contract/mail'
import { listThread } from '../../../test/thread-row'
import { QuickActionsMenu } from './quick-actions-menu'

afterEach(cleanup)

const THREAD: Thread = listThread({ id: 't1', subject: 'Quarterly numbers', isStarred: true })

function renderMenu() {
  const onAction = vi.fn()
  render(<QuickActionsMenu thread={THREAD} onAction={onAction} />)
  return { onAction, button: screen.getByRole('button', { name: /^Quick actions/ }) }
}

describe('a menu loaded on demand (the rows’ Quick actions)', () => {
  it('is a closed menu button before its code has loaded', () => {
    const { button } = renderMenu()
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('opens from the keyboard on its first use, and its items act on the thread', async () => {
    const { button, onAction } = renderMenu()
    fireEvent.keyDown(button, { key: 'Enter' })
    expect(await screen.findByRole('menu')).toBeTruthy()
    // The thread is starred: the menu offers the opposite.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unstar' }))
    expect(onAction).toHaveBeenCalledWith(THREAD, 'unstar')
  })

  it('opens on a press of the main button, not on a right-click', async () => {
    const { button } = renderMenu()
    fireEvent.pointerDown(button, { button: 2 })
    expect(screen.queryByRole('menu')).toBeNull()
    fireEvent.pointerDown(button, { button: 0 })
    expect(await screen.findByRole('menu')).toBeTruthy()
  })
})
