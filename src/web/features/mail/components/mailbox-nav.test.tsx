import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Label } from '../../../../contract/labels'
import { MailboxNav } from './mailbox-nav'

afterEach(cleanup)

const label = (id: string, name: string, unread: number, extra: Partial<Label> = {}): Label => ({
  id,
  name,
  type: 'user',
  unread,
  total: unread + 5,
  ...extra,
})

const LABELS: Label[] = [
  { id: 'INBOX', name: 'INBOX', type: 'system', unread: 3, total: 40 },
  { id: 'SPAM', name: 'SPAM', type: 'system', unread: 2, total: 2 },
  label('Label_1', 'Work', 1),
  label('Label_2', 'Work/Clients', 4, {
    color: { backgroundColor: '#fb4c2f', textColor: '#ffffff' },
  }),
  label('Label_9', 'Inkwell/Snoozed', 0),
]

function renderNav(path = '/app') {
  const location = memoryLocation({ path })
  return render(
    <Router hook={location.hook}>
      <MailboxNav location={path} labels={LABELS} unreadCount={3} draftCount={2} />
    </Router>,
  )
}

describe('MailboxNav', () => {
  it('lists the views in Gmail’s order, with the inbox, drafts and spam counts', () => {
    renderNav()
    const names = screen
      .getAllByRole('link')
      .slice(0, 10)
      .map((link) => link.textContent?.replace(/\d+$/, ''))
    expect(names).toEqual([
      'Inbox',
      'Starred',
      'Snoozed',
      'Important',
      'Sent',
      'Drafts',
      'Scheduled',
      'All mail',
      'Spam',
      'Trash',
    ])
    expect(screen.getByRole('link', { name: /Inbox/ })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByLabelText('3 unread')).toBeInTheDocument()
    expect(screen.getByLabelText('2 drafts')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Spam/ })).toHaveTextContent('2')
    expect(screen.getByRole('link', { name: /Sent/ })).toHaveAttribute('href', '/app/sent')
    expect(screen.getByRole('link', { name: /Scheduled/ })).toHaveAttribute(
      'href',
      '/app/scheduled',
    )
  })

  it('shows the user labels as a tree with their unread counts, without the Snoozed mirror', () => {
    renderNav('/app/label/Label_2')
    const tree = screen.getByRole('tree', { name: 'Labels' })
    const work = within(tree).getByRole('treeitem', { name: 'Work' })
    expect(work).toHaveAttribute('aria-expanded', 'true')
    const clients = within(work).getByRole('treeitem', { name: 'Clients' })
    expect(clients).toHaveAttribute('aria-level', '2')
    expect(clients).toHaveAttribute('aria-selected', 'true')
    expect(within(clients).getByLabelText('4 unread')).toBeInTheDocument()
    expect(within(tree).queryByRole('treeitem', { name: 'Snoozed' })).toBeNull()
  })

  it('collapses a branch', () => {
    renderNav()
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Work' }))
    expect(screen.getByRole('treeitem', { name: 'Work' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('treeitem', { name: 'Clients' })).toBeNull()
  })
})
