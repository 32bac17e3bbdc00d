import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Label, LabelList } from '../../../../contract/labels'
import type { Thread, ThreadList } from '../../../../contract/mail'
import { toast } from '../../../components/ui/use-toast'
import { listThread } from '../../../test/thread-row'
import { changeThreadsOptions, type ChangeVariables } from './change-threads'
import { labelsKey, labelsQuery } from './get-labels'
import { threadListKey, type ThreadPages } from './get-threads'
import { unreadCountKey, unreadCountQuery } from './get-unread-count'
import { countDelta, withCounts } from './mail-counts'
import { threadActionOptions, type ThreadActionVariables } from './thread-action'

vi.mock('../../../components/ui/use-toast', () => ({ toast: vi.fn() }))

const label = (id: string, name: string, unread: number, total: number): Label => ({
  id,
  name,
  type: id === name ? 'system' : 'user',
  unread,
  total,
})
const LABELS: Label[] = [
  label('INBOX', 'INBOX', 3, 10),
  label('STARRED', 'STARRED', 0, 1),
  label('TRASH', 'TRASH', 0, 0),
  label('Label_clients', 'Clients', 2, 4),
  label('Label_travel', 'Travel', 0, 1),
]
const unreadOf = (list: LabelList | null | undefined, id: string) =>
  list?.labels.find((l) => l.id === id)?.unread

describe('the counts an action leads to, by the server’s rules', () => {
  const unreadClient = { labels: ['INBOX', 'UNREAD', 'Clients'], isUnread: true }

  it('archiving an unread conversation takes it off the Inbox and its badge, not off its label', () => {
    const delta = countDelta(
      [{ before: unreadClient, change: { add: [], remove: ['INBOX'] } }],
      LABELS,
    )
    expect(delta.inboxUnread).toBe(-1)
    expect(delta.labels.get('INBOX')).toEqual({ total: -1, unread: -1 })
    expect(delta.labels.has('Label_clients')).toBe(false)
  })

  it('reading a labelled conversation lowers the unread counts of the Inbox and of its label', () => {
    const delta = countDelta(
      [{ before: unreadClient, change: { add: [], remove: ['UNREAD'] } }],
      LABELS,
    )
    expect(delta.inboxUnread).toBe(-1)
    expect(delta.labels.get('INBOX')).toEqual({ total: 0, unread: -1 })
    expect(delta.labels.get('Label_clients')).toEqual({ total: 0, unread: -1 })
  })

  it('knows a user label by its id in the change and by its name in the list row', () => {
    const added = countDelta(
      [{ before: unreadClient, change: { add: ['Label_clients'], remove: [] } }],
      LABELS,
    )
    expect(added.labels.size).toBe(0)
    const removed = countDelta(
      [{ before: unreadClient, change: { add: [], remove: ['Label_clients'] } }],
      LABELS,
    )
    expect(removed.labels.get('Label_clients')).toEqual({ total: -1, unread: -1 })
  })

  it('counts a conversation in the trash under the trash alone', () => {
    const delta = countDelta(
      [{ before: unreadClient, change: { add: ['TRASH'], remove: ['INBOX'] } }],
      LABELS,
    )
    expect(delta.inboxUnread).toBe(-1)
    expect(delta.labels.get('Label_clients')).toEqual({ total: -1, unread: -1 })
    expect(delta.labels.get('TRASH')).toEqual({ total: 1, unread: 1 })
  })

  it('adds up a selection, and never shows a count below zero', () => {
    const read = { labels: ['INBOX', 'Travel'], isUnread: false }
    const delta = countDelta(
      [
        { before: read, change: { add: ['UNREAD'], remove: [] } },
        { before: { labels: ['INBOX'], isUnread: false }, change: { add: ['UNREAD'], remove: [] } },
      ],
      LABELS,
    )
    expect(delta.inboxUnread).toBe(2)
    expect(delta.labels.get('Label_travel')).toEqual({ total: 0, unread: 1 })
    const list = withCounts({ labels: LABELS }, delta, -1)
    expect(unreadOf(list, 'Label_travel')).toBe(0)
    expect(unreadOf(list, 'INBOX')).toBe(1)
  })
})

/** A server that answers each call when the test says so. */
function deferredFetch() {
  const pending: { url: string; resolve: (r: Response) => void }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => new Promise<Response>((resolve) => pending.push({ url, resolve }))),
  )
  return {
    urls: () => pending.map((p) => p.url),
    answer: (path: string, status: number, body: unknown) => {
      const at = pending.findIndex((p) => p.url.startsWith(path))
      if (at === -1) throw new Error(`no call to ${path} is waiting`)
      pending.splice(at, 1)[0]!.resolve(new Response(JSON.stringify(body), { status }))
    },
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const inboxKey = threadListKey({ label: 'INBOX' })
const page = (threads: Thread[]): ThreadPages => ({
  pages: [
    {
      threads,
      nextCursor: null,
      total: threads.length,
      syncing: false,
      syncError: null,
      skippedMessages: 0,
    } satisfies ThreadList,
  ],
  pageParams: [undefined],
})

let client: QueryClient
const act = (variables: ThreadActionVariables) =>
  new MutationObserver(client, threadActionOptions(client)).mutate(variables).catch(() => undefined)
const change = (variables: ChangeVariables) =>
  new MutationObserver(client, changeThreadsOptions(client))
    .mutate(variables)
    .catch(() => undefined)
const badge = () => client.getQueryData<{ count: number } | null>(unreadCountKey)?.count
const clientsUnread = () =>
  unreadOf(client.getQueryData<LabelList | null>(labelsKey), 'Label_clients')

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(
    inboxKey,
    page([
      listThread({ id: 'a', labels: ['INBOX', 'UNREAD', 'Clients'], isUnread: true }),
      listThread({ id: 'b', labels: ['INBOX', 'UNREAD'], isUnread: true }),
    ]),
  )
  client.setQueryData(labelsKey, { labels: LABELS })
  client.setQueryData(unreadCountKey, { count: 3 })
  vi.mocked(toast).mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('the sidebar’s counts follow an action at once', () => {
  it('mark read lowers the badge and the label’s count before the server answers', async () => {
    const server = deferredFetch()
    const done = act({ id: 'a', action: 'read', silent: true })
    await flush()
    expect(badge()).toBe(2)
    expect(clientsUnread()).toBe(1)

    server.answer('/api/gmail/threads/a/actions', 200, listThread({ id: 'a' }))
    await done
    expect(badge()).toBe(2)
  })

  it('a label given from the picker counts at once, and a refusal puts the count back', async () => {
    const server = deferredFetch()
    const done = change({
      ids: ['b'],
      change: { action: 'label', add: ['Label_clients'], remove: [] },
    })
    await flush()
    expect(clientsUnread()).toBe(3)

    server.answer('/api/gmail/threads/b/actions', 400, { error: { code: 'bad', message: 'No' } })
    await done
    expect(clientsUnread()).toBe(2)
  })

  it('a label taken off by its id leaves the row that names it, and its count falls', async () => {
    deferredFetch()
    void change({ ids: ['a'], change: { action: 'label', add: [], remove: ['Label_clients'] } })
    await flush()
    const row = client.getQueryData<ThreadPages>(inboxKey)?.pages[0]?.threads[0]
    expect(row?.labels).toEqual(['INBOX', 'UNREAD'])
    expect(clientsUnread()).toBe(1)
  })

  it('the Undo of an archive counts at once, though no list shows the conversation any more', async () => {
    const server = deferredFetch()
    const archived = act({ id: 'b', action: 'archive', silent: true })
    await flush()
    expect(badge()).toBe(2)
    server.answer('/api/gmail/threads/b/actions', 200, listThread({ id: 'b', labels: ['UNREAD'] }))
    await archived
    client.setQueryData(unreadCountKey, { count: 2 })

    const undone = change({ ids: ['b'], change: { action: 'unarchive' } })
    await flush()
    expect(badge()).toBe(3)
    server.answer('/api/gmail/threads/b/actions', 200, listThread({ id: 'b' }))
    await undone
  })

  it('counts asked for while an action is in flight are read once it has landed', async () => {
    const server = deferredFetch()
    const done = act({ id: 'a', action: 'read', silent: true })
    await flush()
    // Asked for by something else (a list that changed, a live event) before the answer.
    const reads = [
      client.fetchQuery({ ...unreadCountQuery, staleTime: 0 }),
      client.fetchQuery({ ...labelsQuery, staleTime: 0 }),
    ]
    await flush()
    expect(server.urls()).toEqual(['/api/gmail/threads/a/actions'])
    expect(badge()).toBe(2)

    server.answer('/api/gmail/threads/a/actions', 200, listThread({ id: 'a' }))
    await done
    await flush()
    expect(server.urls()).toContain('/api/gmail/unread-count')
    server.answer('/api/gmail/unread-count', 200, { count: 2 })
    server.answer('/api/gmail/labels', 200, { labels: LABELS })
    await Promise.all(reads)
    expect(badge()).toBe(2)
  })

  it('a count read that was on its way when an action was sent is read again after it', async () => {
    const server = deferredFetch()
    const read = client.fetchQuery({ ...unreadCountQuery, staleTime: 0 })
    await flush()
    const done = act({ id: 'a', action: 'read', silent: true })
    await flush()
    expect(badge()).toBe(2)
    // The server answers as it was before the action: that answer is not shown.
    server.answer('/api/gmail/unread-count', 200, { count: 3 })
    await flush()
    expect(badge()).toBe(2)

    server.answer('/api/gmail/threads/a/actions', 200, listThread({ id: 'a' }))
    await done
    await flush()
    server.answer('/api/gmail/unread-count', 200, { count: 2 })
    await read
    expect(badge()).toBe(2)
  })
})
