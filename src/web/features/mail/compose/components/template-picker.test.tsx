import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { Template } from '../../../../../contract/templates'
import { createQueryClient } from '../../../../lib/query-client'
import { EMPTY_FIELDS, useMessageEditor } from '../use-message-editor'
import { MessageEditor } from './message-editor'

const template = (id: string, name: string, extra: Partial<Template> = {}): Template => ({
  id,
  kind: 'builtin',
  key: null,
  name,
  subject: '',
  body: '',
  language: 'english',
  createdAt: null,
  updatedAt: null,
  ...extra,
})

const TEMPLATES = [
  template('builtin-follow-up-en', 'Follow-up', {
    key: 'follow-up',
    subject: 'Following up',
    body: 'Dear {{firstName}},\n\nAny news?\n\nBest regards,\n{{myName}}',
  }),
  template('builtin-thank-you-en', 'Thank you', {
    key: 'thank-you',
    subject: 'Thank you',
    body: 'Thank you, {{firstName}}! <script>alert(1)</script>',
  }),
]

/** The server as the editor reads it: templates, contacts, the user, the plan; drafts saved. */
function serve(templates: Template[]) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/templates') return Response.json(templates)
    if (url === '/api/contacts') {
      return Response.json([{ id: 'c1', name: 'Ana Pérez', email: 'ana@example.com' }])
    }
    if (url === '/api/auth/user') return Response.json({ id: 'u1', name: 'Ada Lovelace' })
    if (url === '/api/user/plan') return Response.json({ plan: 'free' })
    return Response.json({ draftId: 'd1' })
  })
  vi.stubGlobal('fetch', fetchMock)
}

function Editor({ to }: { to: string }) {
  const editor = useMessageEditor({ fields: { ...EMPTY_FIELDS, to }, reply: null })
  return <MessageEditor editor={editor} label="Compose" focus="body" onSend={() => {}} />
}

function open(to = 'ana@example.com', templates = TEMPLATES) {
  serve(templates)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Editor to={to} />
    </QueryClientProvider>,
  )
  return {
    body: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
    subject: screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement,
  }
}

/** Typing as the browser reports it: the new text, the caret at its end. */
function type(area: HTMLTextAreaElement, text: string) {
  fireEvent.change(area, { target: { value: text } })
  area.setSelectionRange(text.length, text.length)
}

describe('the Templates picker', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('opens on ; at the start of a word, filters as letters follow, and Enter inserts the filled template', async () => {
    const { body, subject } = open()
    type(body, 'Hello\n;th')
    const list = await screen.findByRole('listbox', { name: 'Templates' })
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1))
    expect(within(list).getByRole('option', { name: /Thank you/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(body).toHaveAttribute('aria-controls', list.id)

    fireEvent.keyDown(body, { key: 'Enter' })
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    // Filled for the contact, as text: the script is letters in the message, nothing more.
    expect(body.value).toBe('Hello\nThank you, Ana! <script>alert(1)</script>')
    expect(subject.value).toBe('Thank you')
  })

  it('inserts a template of 100 KB whole and as text: its markup and an unclosed {{ are letters', async () => {
    const line =
      '<img src=x onerror="window.templateRan=1"><script>window.templateRan=1</script> {{ open\n'
    const long = line.repeat(Math.ceil((100 * 1024) / line.length)).slice(0, 100 * 1024)
    const { body } = open('ana@example.com', [
      template('t-long', 'Long letter', { kind: 'custom', language: null, body: long }),
    ])
    type(body, ';long')
    const list = await screen.findByRole('listbox', { name: 'Templates' })
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1))
    fireEvent.keyDown(body, { key: 'Enter' })
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    expect(body.value).toBe(long)
    // Nothing of it became part of the page, nor ran.
    expect(document.querySelector('img, script')).toBeNull()
    expect((window as { templateRan?: number }).templateRan).toBeUndefined()
  })

  it('moves with the arrow keys and closes with Escape, leaving the typed text', async () => {
    const { body } = open()
    type(body, ';')
    const list = await screen.findByRole('listbox', { name: 'Templates' })
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2))
    fireEvent.keyDown(body, { key: 'ArrowDown' })
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(body, { key: 'ArrowDown' })
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(body, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(body.value).toBe(';')
  })

  it('does not open for a semicolon inside a word or after one', async () => {
    const { body } = open()
    type(body, 'a;b')
    type(body, 'Done;')
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('opens from the Templates button with a search, keeps a typed subject, and fills from the address', async () => {
    const { body, subject } = open('Bo Li <bo@example.com>')
    fireEvent.change(subject, { target: { value: 'My own subject' } })
    fireEvent.click(screen.getByRole('button', { name: 'Templates' }))
    const search = await screen.findByRole('combobox', { name: 'Search templates' })
    await waitFor(() => expect(document.activeElement).toBe(search))
    fireEvent.change(search, { target: { value: 'follow' } })
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        expect.stringContaining('Follow-up'),
      ]),
    )
    // A Free user is shown where their own templates come from.
    expect(screen.getByRole('link', { name: 'Write your own templates with Pro' })).toHaveAttribute(
      'href',
      '/upgrade',
    )
    fireEvent.keyDown(search, { key: 'Enter' })
    await waitFor(() => expect(body.value).not.toBe(''))
    expect(body.value).toBe('Dear Bo,\n\nAny news?\n\nBest regards,\nAda Lovelace')
    expect(subject.value).toBe('My own subject')
  })
})
