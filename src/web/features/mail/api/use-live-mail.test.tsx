import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../../../lib/query-client'
import { scheduledSettled } from '../scheduled/scheduled-changes'
import { useLiveMail } from './use-live-mail'

/** The browser's EventSource, as far as the hook uses it; the test plays the server. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.opened.push(this)
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  /** The server sends an event of `type`, with these fields besides. */
  send(type: string, fields: Record<string, unknown> = {}) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify({ type, ...fields }) }))
  }
  /** The connection fails; `closed` when the browser gives up (a 429) rather than retrying. */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
}

const live = () => FakeEventSource.opened.filter((s) => s.readyState !== FakeEventSource.CLOSED)

function LiveMail() {
  useLiveMail(true)
  return null
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}')),
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveMail />
    </QueryClientProvider>,
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the live stream (decision 043)', () => {
  it('stays closed when the server replaces it with a newer tab’s, until this tab is used again', () => {
    expect(live()).toHaveLength(1)
    act(() => FakeEventSource.opened[0]!.send('stream.replaced'))
    expect(live()).toHaveLength(0)
    // The browser would reconnect a stream that merely ended; the hook must not open one.
    expect(FakeEventSource.opened).toHaveLength(1)

    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(live()).toHaveLength(1)
    expect(FakeEventSource.opened).toHaveLength(2)
    // Focus again while open: still one stream.
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(FakeEventSource.opened).toHaveLength(2)
    cleanup()
    expect(live()).toHaveLength(0)
  })

  it('waits for the tab in the same way after a refused stream, and lets the browser retry a dropped one', () => {
    act(() => FakeEventSource.opened[0]!.fail(false))
    expect(live()).toHaveLength(1)
    act(() => FakeEventSource.opened[0]!.fail(true))
    expect(live()).toHaveLength(0)
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(live()).toHaveLength(1)
  })

  it('tells whoever waits for a waiting message that it went (decision 053)', async () => {
    const went = scheduledSettled('row-1', 60_000)
    act(() => FakeEventSource.opened[0]!.send('scheduled.changed', { id: 'row-1', status: 'sent' }))
    expect(await went).toBe(true)
  })
})
