import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router, useLocation } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Label } from '../../../../contract/labels'
import { Toaster } from '../../../components/ui/toaster'
import { createQueryClient } from '../../../lib/query-client'
import { useLabels } from '../api/get-labels'
import { ApiError } from '../../../lib/api-client'
import { renameProblems } from './label-dialogs'
import { LabelOptions, LabelOptionsProvider } from './label-options'
import { MailboxNav } from './mailbox-nav'

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

const userLabel = (id: string, name: string, extra: Partial<Label> = {}): Label => ({
  id,
  name,
  type: 'user',
  unread: 0,
  total: 3,
  ...extra,
})

const TAKEN = 'name: A label with this name already exists'

/**
 * The label API as the server answers it: the list, a rename refused for a taken name, a
 * recolour, a delete. Every request is kept, body and all.
 */
function serveLabels(initial: Label[]) {
  let labels = [...initial]
  const requests: { method: string; url: string; body?: unknown }[] = []
  const refuse = (message: string) =>
    Response.json({ error: { code: 'validation_error', message } }, { status: 400 })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const body = init?.body ? (JSON.parse(String(init.body)) as Partial<Label>) : undefined
      requests.push({ method, url, body })
      if (url === '/api/gmail/labels' && method === 'GET') return Response.json({ labels })
      const id = decodeURIComponent(url.replace('/api/gmail/labels/', ''))
      const label = labels.find((l) => l.id === id)
      if (!label) return Response.json({ error: { code: 'not_found' } }, { status: 404 })
      if (method === 'DELETE') {
        labels = labels.filter((l) => l.id !== id)
        return new Response(null, { status: 204 })
      }
      const name = body?.name
      if (name && labels.some((l) => l.id !== id && l.name.toLowerCase() === name.toLowerCase())) {
        return refuse(TAKEN)
      }
      const changed: Label = { ...label, ...(name ? { name } : {}) }
      if (body && 'color' in body) {
        if (body.color) changed.color = body.color
        // The server asks Gmail for its default grey when a colour is taken away.
        else changed.color = { backgroundColor: '#f3f3f3', textColor: '#000000' }
      }
      labels = labels.map((l) => (l.id === id ? changed : l))
      return Response.json(changed)
    }),
  )
  return requests
}

/** The sidebar's tree as the shell mounts it: labels from the API, a menu on each user label. */
function Nav() {
  const [location] = useLocation()
  const labels = useLabels().data?.labels
  return (
    <LabelOptionsProvider>
      <p data-testid="at">{location}</p>
      <MailboxNav
        location={location}
        labels={labels}
        labelActions={(label) => <LabelOptions label={label} />}
      />
    </LabelOptionsProvider>
  )
}

function renderNav(labels: Label[], path = '/inbox') {
  const requests = serveLabels(labels)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path }).hook}>
        <Nav />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  )
  return requests
}

const tree = () => screen.getByRole('tree', { name: 'Labels' })

/** Opens a label's menu from the keyboard, as a keyboard user would. */
async function openMenu(name: string) {
  fireEvent.keyDown(await screen.findByRole('button', { name: `Label options for ${name}` }), {
    key: 'Enter',
  })
  return screen.findByRole('menu')
}

const LABELS = [
  { id: 'INBOX', name: 'INBOX', type: 'system', unread: 1, total: 4 } satisfies Label,
  { id: 'Label_snz', name: 'Inkwell/Snoozed', type: 'system', unread: 0, total: 0 } satisfies Label,
  userLabel('Label_1', 'Work'),
  userLabel('Label_2', 'Work/Clients', {
    color: { backgroundColor: '#16a766', textColor: '#000000' },
  }),
  userLabel('Label_3', 'Travel'),
]

// Three menus of Gmail's 64 colours in jsdom take seconds on a loaded machine.
describe('a user label’s options in the sidebar', { timeout: 20_000 }, () => {
  it('are offered for each user label, by its whole name, and for nothing else', async () => {
    renderNav([...LABELS.filter((l) => l.id !== 'Label_1')])
    await screen.findByRole('button', { name: 'Label options for Work/Clients' })
    const buttons = within(tree())
      .getAllByRole('button', { name: /^Label options for / })
      .map((b) => b.getAttribute('aria-label'))
    // "Work" is only a level here (no label of its own): nothing to rename or delete.
    expect(buttons).toEqual(['Label options for Travel', 'Label options for Work/Clients'])
  })

  it('show the label’s colour as chosen, and a colour picked is sent to Gmail', async () => {
    const requests = renderNav(LABELS)
    let menu = await openMenu('Work/Clients')
    expect(within(menu).getByRole('menuitem', { name: /Rename/ })).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Delete label' })).toBeInTheDocument()
    const palette = within(menu).getByRole('group', { name: 'Colour' })
    expect(within(palette).getByRole('menuitemradio', { name: 'Green' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    expect(within(palette).getByRole('menuitemradio', { name: 'No colour' })).toHaveAttribute(
      'aria-checked',
      'false',
    )

    fireEvent.click(within(palette).getByRole('menuitemradio', { name: 'Red' }))
    await waitFor(() =>
      expect(requests).toContainEqual({
        method: 'PATCH',
        url: '/api/gmail/labels/Label_2',
        body: { color: { backgroundColor: '#fb4c2f', textColor: '#000000' } },
      }),
    )
    menu = await openMenu('Work/Clients')
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: 'Red' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    )

    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'No colour' }))
    await waitFor(() =>
      expect(requests).toContainEqual({
        method: 'PATCH',
        url: '/api/gmail/labels/Label_2',
        body: { color: null },
      }),
    )
    menu = await openMenu('Work/Clients')
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: 'No colour' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    )
  })

  it('rename in a dialog: the server’s refusal is shown there, Enter saves the new name', async () => {
    const requests = renderNav(LABELS)
    const menu = await openMenu('Travel')
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Rename/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename label' })
    const field = within(dialog).getByRole('textbox', { name: 'Label name' })
    expect(field).toHaveValue('Travel')

    fireEvent.change(field, { target: { value: 'work' } })
    fireEvent.submit(field.closest('form')!)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A label with this name already exists',
    )
    expect(field).toHaveAttribute('aria-invalid', 'true')

    fireEvent.change(field, { target: { value: 'Trips/2025' } })
    expect(within(dialog).queryByRole('alert')).toBeNull()
    fireEvent.submit(field.closest('form')!)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests).toContainEqual({
      method: 'PATCH',
      url: '/api/gmail/labels/Label_3',
      body: { name: 'Trips/2025' },
    })
    // The sidebar has it under its new place in the tree.
    const trips = within(tree()).getByRole('treeitem', { name: 'Trips' })
    expect(within(trips).getByRole('treeitem', { name: '2025' })).toBeInTheDocument()
    expect(within(tree()).queryByRole('treeitem', { name: 'Travel' })).toBeNull()
    expect(await screen.findByText('Label renamed to "Trips/2025"')).toBeInTheDocument()
  })

  it('delete asks first, then the label goes, and its list gives way to the Inbox', async () => {
    const requests = renderNav(LABELS, '/app/label/Label_3')
    let menu = await openMenu('Travel')
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete label' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete label' })
    expect(dialog).toHaveTextContent('Delete the label "Travel"?')
    expect(dialog).toHaveTextContent('Conversations keep their other labels; none are deleted.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)

    menu = await openMenu('Travel')
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete label' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete label' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests).toContainEqual({
      method: 'DELETE',
      url: '/api/gmail/labels/Label_3',
      body: undefined,
    })
    expect(within(tree()).queryByRole('treeitem', { name: 'Travel' })).toBeNull()
    expect(screen.getByTestId('at')).toHaveTextContent(/^\/inbox$/)
  })

  it('says that the labels nested under one stay when it is deleted', async () => {
    renderNav(LABELS, '/app/label/Label_3')
    const menu = await openMenu('Work')
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete label' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete label' })
    expect(dialog).toHaveTextContent('The label nested under it stays.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Another label's list was shown: it stays.
    expect(screen.getByTestId('at')).toHaveTextContent('/app/label/Label_3')
  })
})

describe('renameProblems', () => {
  const refusal = (message: string) =>
    new ApiError(
      400,
      JSON.stringify({ error: { code: 'validation_error', message } }),
      'Bad Request',
    )

  it('gives each of the server’s reasons in its words, without the field they name', () => {
    expect(
      renameProblems(
        refusal(
          'name: Label name cannot start or end with "/"; name: Label name cannot have an empty level ("a//b")',
        ),
      ),
    ).toEqual([
      'Label name cannot start or end with "/"',
      'Label name cannot have an empty level ("a//b")',
    ])
    expect(renameProblems(refusal('name: Invalid label name; reserved'))).toEqual([
      'Invalid label name; reserved',
    ])
  })

  it('says the rename failed when the server gave no reason (offline, a 502)', () => {
    expect(renameProblems(new TypeError('Failed to fetch'))).toEqual([
      'Could not rename the label. Try again.',
    ])
  })
})
