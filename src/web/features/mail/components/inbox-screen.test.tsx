import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Thread, ThreadList } from '../../../../contract/mail'
import { DEFAULT_SETTINGS } from '../../../../contract/settings-defaults'
import { createQueryClient } from '../../../lib/query-client'
import { InboxScreen } from './inbox-screen'
import { ROW_HEIGHT } from './thread-row'
import { listThread } from '../../../test/thread-row'
import { threadListsKey, type ThreadPages } from '../api/get-threads'
import { reloadMail } from '../api/sync-mail'

const THREAD: Thread = listThread({
  id: 't1',
  subject: 'Quarterly numbers',
  sender: { name: 'Grace', email: 'grace@example.com' },
  recipient: 'ada@example.com',
})

const FAILED: ThreadList = {
  threads: [],
  nextCursor: null,
  total: 0,
  syncing: false,
  syncError: 'Gmail answered with an error (HTTP 503).',
  skippedMessages: 0,
}
const SYNCED: ThreadList = {
  ...FAILED,
  threads: [THREAD],
  total: 1,
  syncError: null,
  skippedMessages: 2,
}

/**
 * The API as the inbox reads it: the thread list fails until POST /api/gmail/sync works, or
 * `threads` answers it.
 */
const isThreadDetail = (url: string) => url.startsWith('/api/gmail/threads/')

function serveApi(threads?: (url: URL) => ThreadList) {
  let synced = false
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    // A conversation's own messages (the rows in view are fetched once the list rests): none.
    if (isThreadDetail(url)) return new Response('{}', { status: 404 })
    if (url.startsWith('/api/gmail/sync') && init?.method === 'POST') {
      synced = true
      return new Response(JSON.stringify({ status: 'queued', jobId: 'job-1' }), { status: 202 })
    }
    if (url.startsWith('/api/gmail/threads') && threads) {
      return json(threads(new URL(url, 'http://localhost')))
    }
    if (url.startsWith('/api/gmail/threads')) return json(synced ? SYNCED : FAILED)
    if (url.startsWith('/api/gmail/unread-count')) return json({ count: 0 })
    if (url.startsWith('/api/user/settings')) return json(DEFAULT_SETTINGS)
    if (url.startsWith('/api/user/plan')) {
      return json({
        plan: 'pro',
        aiEmailsUsed: 0,
        aiEmailsLimit: null,
        canGenerateAI: true,
        proExpiration: null,
      })
    }
    if (url.startsWith('/api/auth/user')) {
      return json({ id: 'u1', name: 'Ada', email: 'ada@example.com', gmailConnected: true })
    }
    return new Response('{}', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderInbox(client = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/inbox' }).hook}>
        <InboxScreen />
      </Router>
    </QueryClientProvider>,
  )
}

describe('the inbox after a failed sync', () => {
  it('shows why with Retry instead of "No emails found", and Retry syncs again', async () => {
    const fetchMock = serveApi()
    renderInbox()

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent('Could not sync with Gmail')
    expect(banner).toHaveTextContent('Gmail answered with an error (HTTP 503).')
    expect(banner).toHaveTextContent('Your mail will appear here once a sync works.')
    expect(screen.queryByText('No emails found')).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('1 conversation')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/gmail/sync',
      expect.objectContaining({ method: 'POST' }),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(
      screen.getByText('2 messages could not be stored in Inkwell; they are still in Gmail.'),
    ).toBeInTheDocument()
  })
})

/** An inbox of `count` threads ("Thread 0"…), served in pages of 100 from `page(from)`. */
function pagedInbox(count: number) {
  const threads = Array.from({ length: count }, (_, i) => ({
    ...THREAD,
    id: `t${i}`,
    subject: `Thread ${i}`,
  }))
  const page = (from: number): ThreadList => ({
    ...SYNCED,
    skippedMessages: 0,
    threads: threads.slice(from, from + 100),
    nextCursor: from + 100 < threads.length ? String(from + 100) : null,
    total: threads.length,
  })
  return { threads, page }
}

describe('searching the inbox as you type', () => {
  /** A 300-thread inbox in pages of 100; a search finds the one thread whose text has it. */
  function inboxOf300() {
    const { threads, page } = pagedInbox(300)
    const requests: URL[] = []
    serveApi((url) => {
      requests.push(url)
      if (!url.searchParams.get('q')) return page(Number(url.searchParams.get('cursor') ?? 0))
      // The server searched the whole text; only thread 250, not yet loaded, has the word.
      return { ...page(0), threads: [threads[250]!], nextCursor: null, total: 1 }
    })
    return requests
  }

  it('asks the server, which searches all of the text, not only the loaded rows', async () => {
    const requests = inboxOf300()
    renderInbox()
    expect(await screen.findByText('300 conversations')).toBeInTheDocument()
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search emails' }), {
      target: { value: 'zanzibarite' },
    })
    expect(await screen.findByText('1 of 300 conversations')).toBeInTheDocument()
    const searches = requests.filter((url) => url.searchParams.get('q'))
    expect(
      searches.map((url) => [url.searchParams.get('q'), url.searchParams.get('scope')]),
    ).toEqual([['zanzibarite', 'label']])
  })

  it('typing then clearing 20 times does not grow the loaded list', async () => {
    const requests = inboxOf300()
    renderInbox()
    expect(await screen.findByText('300 conversations')).toBeInTheDocument()
    const box = screen.getByRole('searchbox', { name: 'Search emails' })
    const pagesLoaded = () => requests.filter((url) => !url.searchParams.get('q')).length
    const before = pagesLoaded()
    for (let i = 0; i < 20; i++) {
      fireEvent.change(box, { target: { value: `zanzibarite${i}` } })
      expect(await screen.findByText('1 of 300 conversations')).toBeInTheDocument()
      fireEvent.change(box, { target: { value: '' } })
      expect(await screen.findByText('300 conversations')).toBeInTheDocument()
    }
    // Give a stray page request its chance to start before counting.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await waitFor(() => expect(pagesLoaded()).toBe(before))
    expect(requests.filter((url) => url.searchParams.get('cursor'))).toEqual([])
  }, 30_000)
})

describe('scrolling to the end of the loaded list', () => {
  it('loads the next page even when the end is reached while the list is being refreshed', async () => {
    const { page } = pagedInbox(200)
    // A refresh of the first page (new mail, the sync's polling) that the test answers late.
    let answerRefresh: (() => void) | null = null
    let firstPages = 0
    const pagesAsked: string[] = []
    const fetchMock = serveApi((url) => {
      pagesAsked.push(url.searchParams.get('cursor') ?? 'first')
      return page(Number(url.searchParams.get('cursor') ?? 0))
    })
    const serve = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/gmail/threads?') && !url.includes('cursor=')) {
        if (++firstPages === 2) await new Promise<void>((resolve) => (answerRefresh = resolve))
      }
      return serve(input, init)
    })
    // jsdom lays nothing out: the list is given a window's height, so rows are in view.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800)
    onTestFinished(() => height.mockRestore())
    const client = createQueryClient()
    renderInbox(client)
    expect(await screen.findByText('200 conversations')).toBeInTheDocument()

    void client.invalidateQueries({ queryKey: threadListsKey })
    await waitFor(() => expect(answerRefresh).not.toBeNull())
    // The user reaches the end of the 100 loaded rows while that refresh is on its way.
    const list = screen.getByTestId('thread-list')
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      value: 100 * ROW_HEIGHT.regular,
    })
    fireEvent.scroll(list)
    expect(await screen.findByText('Thread 99')).toBeInTheDocument()
    answerRefresh!()

    await waitFor(() => expect(pagesAsked).toContain('100'))
    expect(await screen.findByText('Thread 105')).toBeInTheDocument()
  })

  it('keeps the reader at row 250 when new mail reloads the list', async () => {
    const { page } = pagedInbox(300)
    const pagesAsked: string[] = []
    serveApi((url) => {
      pagesAsked.push(url.searchParams.get('cursor') ?? 'first')
      return page(Number(url.searchParams.get('cursor') ?? 0))
    })
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800)
    onTestFinished(() => height.mockRestore())
    const client = createQueryClient()
    renderInbox(client)
    expect(await screen.findByText('300 conversations')).toBeInTheDocument()
    const list = screen.getByTestId('thread-list')
    const scrollTo = (row: number) => {
      Object.defineProperty(list, 'scrollTop', {
        configurable: true,
        value: row * ROW_HEIGHT.regular,
      })
      fireEvent.scroll(list)
    }
    scrollTo(90)
    await waitFor(() => expect(pagesAsked).toContain('100'))
    expect(await screen.findByText('Thread 100')).toBeInTheDocument()
    scrollTo(190)
    await waitFor(() => expect(pagesAsked).toContain('200'))
    scrollTo(245)
    expect(await screen.findByText('Thread 250')).toBeInTheDocument()

    pagesAsked.length = 0
    await reloadMail(client)
    // The pages down to the rows in view came again, in order; the reader's rows stayed.
    expect(pagesAsked).toEqual(['first', '100', '200'])
    expect(screen.getByText('Thread 250')).toBeInTheDocument()
    const pages = client.getQueriesData<ThreadPages>({ queryKey: threadListsKey })[0]![1]!.pages
    expect(pages.flatMap((p) => p.threads).length).toBe(300)
  })
})
