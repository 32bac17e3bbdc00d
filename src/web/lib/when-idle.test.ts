import { describe, expect, it } from 'vitest'
import { waitFor as waitForDom } from '@testing-library/react'
import { loadWhenIdle } from './when-idle'

/** Room for a loaded machine. */
const waitFor = (check: () => void) => waitForDom(check, { timeout: 5000 })

/** A load the test finishes by hand; `started` says whether it began. */
function heldLoad() {
  const load = { started: false, finish: () => {} }
  const run = () => {
    load.started = true
    return new Promise<void>((resolve) => (load.finish = resolve))
  }
  return { load, run }
}

describe('code loaded in idle moments', () => {
  it('loads one thing at a time, the next once the last has arrived', async () => {
    const [a, b, c] = [heldLoad(), heldLoad(), heldLoad()]
    for (const { run } of [a, b, c]) loadWhenIdle(run, { afterLoadMs: 0 })
    await waitFor(() => expect(a.load.started).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect([b.load.started, c.load.started]).toEqual([false, false])
    a.load.finish()
    await waitFor(() => expect(b.load.started).toBe(true))
    expect(c.load.started).toBe(false)
    b.load.finish()
    await waitFor(() => expect(c.load.started).toBe(true))
    c.load.finish()
  })

  it('goes on past a load that failed, and drops one cancelled before its turn', async () => {
    const failing = loadWhenIdle(() => Promise.reject(new Error('offline')), { afterLoadMs: 0 })
    const [dropped, last] = [heldLoad(), heldLoad()]
    const cancel = loadWhenIdle(dropped.run, { afterLoadMs: 0 })
    loadWhenIdle(last.run, { afterLoadMs: 0 })
    cancel()
    await waitFor(() => expect(last.load.started).toBe(true))
    expect(dropped.load.started).toBe(false)
    last.load.finish()
    failing()
  })
})
