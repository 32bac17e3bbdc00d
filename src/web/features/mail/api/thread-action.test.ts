import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Thread, ThreadDetail, ThreadList } from '../../../../contract/mail'
import { toast } from '../../../components/ui/use-toast'
import { currentUserKey } from '../../../lib/queries/current-user'
import { threadDetailKey } from './get-thread'
import { THREADS_KEY, threadListKey, type ThreadPages } from './get-threads'
import { unreadCountKey } from './get-unread-count'
import { reloadMail } from './sync-mail'
import { insertThread, threadActionOptions, type ThreadActionVariables } from './thread-action'
import { listThread } from '../../../test/thread-row'

vi.mock('../../../components/ui/use-toast', () => ({ toast: vi.fn() }))

/** An unread inbox row from `minutesAgo` (newer rows sort first). */
function thread(id: string, minutesAgo: number, fields: Partial<Thread> = {}): Thread {
  return listThread({
    id,
    timestamp: new Date(Date.UTC(2025, 5, 10, 12) - minutesAgo * 60_000).toISOString(),
    labels: ['INBOX', 'UNREAD'],
    isUnread: true,
    ...fields,
  })
}

const pages = (...lists: Thread[][]): ThreadPages => ({
  pages: lists.map((threads, i): ThreadList => ({
    threads,
    nextCursor: i === lists.length - 1 ? null : `c${i + 1}`,
    total: lists.flat().length,
    syncing: false,
    syncError: null,
    skippedMessages: 0,
  })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i}`)),
})

const inboxKey = threadListKey({ label: 'INBOX' })
const searchKey = threadListKey({ label: 'INBOX', q: 'subject' })
const ids = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<ThreadPages>(key)?.pages.flatMap((p) => p.threads.map((t) => t.id))

/** A server that answers each action call when the test says so. */
function deferredFetch() {
  const pending: { resolve: (r: Response) => void }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => pending.push({ resolve }))),
  )
  return {
    answer: (status: number, body: unknown) =>
      pending.shift()!.resolve(new Response(JSON.stringify(body), { status })),
  }
}

let client: QueryClient
const run = (variables: ThreadActionVariables) =>
  new MutationObserver(client, threadActionOptions(client)).mutate(variables).catch(() => undefined)
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(inboxKey, pages([thread('a', 1), thread('b', 2)], [thread('c', 3)]))
  client.setQueryData(searchKey, pages([thread('b', 2)]))
  client.setQueryData(unreadCountKey, { count: 3 })
  vi.mocked(toast).mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('thread actions (decision 031): optimistic, then confirmed or rolled back', () => {
  it('archive takes the thread out of the inbox at once, not out of search results', async () => {
    const server = deferredFetch()
    const done = run({ id: 'b', action: 'archive', senderName: 'Priya' })
    await flush()
    expect(ids(client, inboxKey)).toEqual(['a', 'c'])
    expect(client.getQueryData<ThreadPages>(inboxKey)?.pages[0]?.total).toBe(2)
    expect(ids(client, searchKey)).toEqual(['b'])
    expect(client.getQueryData(unreadCountKey)).toEqual({ count: 2 })

    server.answer(200, thread('b', 2, { labels: ['UNREAD'] }))
    await done
    expect(ids(client, inboxKey)).toEqual(['a', 'c'])
    expect(client.getQueryData<ThreadPages>(searchKey)?.pages[0]?.threads[0]?.labels).toEqual([
      'UNREAD',
    ])
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Archived email from Priya' }),
    )
  })

  it("names the user's own mail by their display name, not their address (issue 25)", async () => {
    client.setQueryData(currentUserKey, { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' })
    const server = deferredFetch()
    const done = run({ id: 'b', action: 'archive', senderName: 'Alex.Morgan@inkwell.demo' })
    await flush()
    server.answer(200, thread('b', 2, { labels: ['UNREAD'] }))
    await done
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Archived email from Alex Morgan' }),
    )
  })

  it('puts the thread back where it was, with a destructive toast, when the server refuses', async () => {
    const server = deferredFetch()
    const done = run({ id: 'b', action: 'archive', senderName: 'Priya' })
    await flush()
    expect(ids(client, inboxKey)).toEqual(['a', 'c'])

    server.answer(502, { error: { code: 'gmail_unavailable', message: 'Gmail did not answer' } })
    await done
    expect(ids(client, inboxKey)).toEqual(['a', 'b', 'c'])
    expect(client.getQueryData<ThreadPages>(inboxKey)?.pages[0]?.total).toBe(3)
    expect(client.getQueryData(unreadCountKey)).toEqual({ count: 3 })
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        variant: 'destructive',
        title: 'Failed to archive email',
        description: 'Gmail did not answer',
      }),
    )
  })

  it('star and read flip the list and the open conversation; a failure restores only that thread', async () => {
    const detail: ThreadDetail = {
      id: 'a',
      subject: 'Subject a',
      labels: ['INBOX', 'UNREAD'],
      isUnread: true,
      isStarred: false,
      messages: [],
    }
    client.setQueryData(threadDetailKey('a'), detail)
    const server = deferredFetch()

    const star = run({ id: 'a', action: 'star', senderName: 'Sam' })
    const read = run({ id: 'c', action: 'read', silent: true })
    await flush()
    const list = client.getQueryData<ThreadPages>(inboxKey)!.pages.flatMap((p) => p.threads)
    expect(list.find((t) => t.id === 'a')?.isStarred).toBe(true)
    expect(list.find((t) => t.id === 'c')?.isUnread).toBe(false)
    expect(client.getQueryData<ThreadDetail>(threadDetailKey('a'))?.isStarred).toBe(true)

    server.answer(500, {})
    server.answer(200, thread('c', 3, { labels: ['INBOX'], isUnread: false }))
    await Promise.all([star, read])
    const after = client.getQueryData<ThreadPages>(inboxKey)!.pages.flatMap((p) => p.threads)
    expect(after.find((t) => t.id === 'a')?.isStarred).toBe(false)
    expect(after.find((t) => t.id === 'c')?.isUnread).toBe(false)
    expect(client.getQueryData<ThreadDetail>(threadDetailKey('a'))?.isStarred).toBe(false)
    expect(toast).toHaveBeenCalledTimes(1)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Failed to star email' }))
  })

  it('sends the action to the thread endpoint', async () => {
    const server = deferredFetch()
    const done = run({ id: 'a/b', action: 'flag' })
    await flush()
    expect(fetch).toHaveBeenCalledWith(
      '/api/gmail/threads/a%2Fb/actions',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'flag' }) }),
    )
    server.answer(200, thread('a/b', 0))
    await done
  })
})

describe('reloads while a thread action is in flight', () => {
  /** How many times the lists themselves were reloaded (the badge reloads on its own). */
  const listReloads = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([filters]) => {
      const key = (filters as { queryKey?: unknown[] } | undefined)?.queryKey
      return key?.[0] === THREADS_KEY && key.length === 1
    }).length

  it('wait for the action, so a list read before it lands cannot bring the thread back', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    const server = deferredFetch()
    const done = run({ id: 'b', action: 'archive' })
    await flush()

    await reloadMail(client) // a live event arrives while the archive is on its way
    await reloadMail(client)
    expect(listReloads(invalidate)).toBe(0)

    server.answer(200, thread('b', 2, { labels: ['UNREAD'] }))
    await done
    await flush()
    expect(listReloads(invalidate)).toBe(1)
  })

  it('run at once when nothing is in flight', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    await reloadMail(client)
    expect(listReloads(invalidate)).toBe(1)
  })
})

describe('insertThread', () => {
  it('inserts by date, into the page it belongs to', () => {
    const data = pages([thread('a', 1), thread('c', 3)], [thread('e', 5)])
    expect(insertThread(data, thread('b', 2)).pages.map((p) => p.threads.map((t) => t.id))).toEqual(
      [['a', 'b', 'c'], ['e']],
    )
    expect(insertThread(data, thread('f', 6)).pages.map((p) => p.threads.map((t) => t.id))).toEqual(
      [
        ['a', 'c'],
        ['e', 'f'],
      ],
    )
  })

  it('leaves a thread that is already there alone', () => {
    const data = pages([thread('a', 1)])
    expect(insertThread(data, thread('a', 1))).toBe(data)
  })
})
