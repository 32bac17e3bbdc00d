import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Thread } from '../../../contract/mail'
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults'
import { createQueryClient } from '../../lib/query-client'
import { listThread } from '../../test/thread-row'
import { useInboxActions } from './use-inbox-actions'
import type { ListOnScreen } from './use-inbox-list'
import type { AfterArchive } from './next-thread'
import { useThreadCursor } from './use-thread-cursor'

const threads: Thread[] = [
  listThread({ id: 'a' }),
  listThread({ id: 'b', isStarred: true }),
  listThread({ id: 'c' }),
]
const INBOX: ListOnScreen = { label: 'INBOX', scope: 'label' }
const ALL_MAIL: ListOnScreen = { label: 'INBOX', scope: 'all' }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/**
 * The actions over the inbox's three rows, for a user whose afterArchive setting is `afterArchive`
 * ('next' unless said), and the actions the server was asked for.
 */
function renderActions(list: ListOnScreen = INBOX, afterArchive: AfterArchive | null = 'next') {
  const sent: { id: string; action: string }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/user/settings') {
        // null: a user who never changed it, whose settings are the defaults.
        const saved = afterArchive ? { ...DEFAULT_SETTINGS, afterArchive } : DEFAULT_SETTINGS
        return new Response(JSON.stringify(saved), { status: 200 })
      }
      const id = decodeURIComponent(String(input).split('/')[4] ?? '')
      const { action } = JSON.parse(String(init?.body)) as { action: string }
      sent.push({ id, action })
      return new Response(JSON.stringify(listThread({ id })), { status: 200 })
    }),
  )
  const location = memoryLocation({ path: '/inbox' })
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </QueryClientProvider>
  )
  const { result } = renderHook(
    () => {
      const cursor = useThreadCursor(threads)
      return { cursor, actions: useInboxActions({ threads, cursor, list }) }
    },
    { wrapper },
  )
  return { result, sent, client }
}

/** Waits for the user's settings to be in, as the inbox has them before any key is pressed. */
async function settingsLoaded(client: ReturnType<typeof createQueryClient>) {
  await waitFor(() => expect(client.getQueryData(['/api/user/settings'])).toBeDefined())
}

describe('where archive or delete in the open conversation goes (issue 25)', () => {
  it('by default, back to the list, the conversation below under the cursor', async () => {
    const { result, sent, client } = renderActions(INBOX, null)
    await settingsLoaded(client)
    act(() => result.current.cursor.open('a'))
    act(() => result.current.actions.act({ id: 'a', senderName: 'Sender a' }, 'archive'))
    expect(result.current.cursor.selectedId).toBeNull()
    expect(result.current.cursor.targetId).toBe('b')
    await waitFor(() => expect(sent).toEqual([{ id: 'a', action: 'archive' }]))
    // The one below was not opened, so it was not read either.
    expect(sent.some((s) => s.action === 'read')).toBe(false)
  })

  it("set to 'list', # in the open conversation goes back to the list", async () => {
    const { result, sent, client } = renderActions(INBOX, 'list')
    await settingsLoaded(client)
    act(() => result.current.cursor.open('b'))
    act(() => result.current.actions.actOnTarget('trash'))
    expect(result.current.cursor.selectedId).toBeNull()
    await waitFor(() => expect(sent).toEqual([{ id: 'b', action: 'trash' }]))
  })

  it("set to 'previous', opens the one above, or the one below when it was the first", async () => {
    const { result, client } = renderActions(INBOX, 'previous')
    await settingsLoaded(client)
    act(() => result.current.cursor.open('c'))
    act(() => result.current.actions.actOnTarget('archive'))
    expect(result.current.cursor.selectedId).toBe('b')
    act(() => result.current.cursor.open('a'))
    act(() => result.current.actions.actOnTarget('trash'))
    expect(result.current.cursor.selectedId).toBe('b')
  })
})

describe("set to 'next': what opens after an archive or a delete (decision 027)", () => {
  it('the viewer archiving the open conversation opens the one below', async () => {
    const { result, sent, client } = renderActions()
    await settingsLoaded(client)
    act(() => result.current.cursor.open('a'))
    act(() => result.current.actions.act({ id: 'a', senderName: 'Sender a' }, 'archive'))
    expect(result.current.cursor.selectedId).toBe('b')
    await waitFor(() => expect(sent).toEqual([{ id: 'a', action: 'archive' }]))
  })

  it('# on the open last conversation opens the one above', async () => {
    const { result, sent, client } = renderActions()
    await settingsLoaded(client)
    act(() => result.current.cursor.open('c'))
    act(() => result.current.actions.actOnTarget('trash'))
    expect(result.current.cursor.selectedId).toBe('b')
    await waitFor(() => expect(sent).toEqual([{ id: 'c', action: 'trash' }]))
  })

  it('the row menu archiving the row under the cursor moves the cursor to the one below', () => {
    const { result } = renderActions()
    act(() => result.current.cursor.step(1))
    act(() => result.current.actions.actOnRow(threads[0]!, 'archive'))
    expect(result.current.cursor.targetId).toBe('b')
    expect(result.current.cursor.selectedId).toBeNull()
  })

  it('in all mail nothing moves: the archived conversation is still in that list', async () => {
    const { result, sent } = renderActions(ALL_MAIL)
    act(() => result.current.cursor.open('a'))
    act(() => result.current.actions.actOnTarget('archive'))
    expect(result.current.cursor.selectedId).toBe('a')
    await waitFor(() => expect(sent).toEqual([{ id: 'a', action: 'archive' }]))
  })

  it('starring keeps the reader where they are', () => {
    const { result } = renderActions()
    act(() => result.current.cursor.open('a'))
    act(() => result.current.actions.actOnTarget('toggleStar'))
    expect(result.current.cursor.selectedId).toBe('a')
  })
})

describe('the other actions keys and the viewer ask for', () => {
  it('marking the open conversation unread closes it', async () => {
    const { result, sent } = renderActions()
    act(() => result.current.cursor.open('b'))
    act(() => result.current.actions.act({ id: 'b', senderName: 'Sender b' }, 'unread'))
    expect(result.current.cursor.selectedId).toBeNull()
    await waitFor(() => expect(sent).toEqual([{ id: 'b', action: 'unread' }]))
  })

  it('s stars an unstarred conversation and unstars a starred one', async () => {
    const { result, sent } = renderActions()
    act(() => result.current.cursor.step(1))
    act(() => result.current.actions.actOnTarget('toggleStar'))
    act(() => result.current.cursor.step(1))
    act(() => result.current.actions.actOnTarget('toggleStar'))
    await waitFor(() =>
      expect(sent).toEqual([
        { id: 'a', action: 'star' },
        { id: 'b', action: 'unstar' },
      ]),
    )
  })

  it('a key with nothing open and no cursor asks for nothing', async () => {
    const { result, sent } = renderActions()
    act(() => result.current.actions.actOnTarget('archive'))
    // The same key once there is a target: the first request the server sees is that one.
    act(() => result.current.cursor.step(1))
    act(() => result.current.actions.actOnTarget('star'))
    await waitFor(() => expect(sent).toEqual([{ id: 'a', action: 'star' }]))
  })
})
