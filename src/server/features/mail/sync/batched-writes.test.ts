import { describe, expect, it } from 'vitest'
import { fetchAndWriteInBatches } from './batched-writes.js'

/** A promise settled from outside, to hold a write until the test lets it go. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** Lets everything already under way run to where it waits (these fetches wait on no timer). */
const settled = () => new Promise((resolve) => setImmediate(resolve))

const options = { concurrency: 3, maxBatch: 4, maxWeight: 100, weight: () => 1 }

describe('fetchAndWriteInBatches', () => {
  it('writes every answer once, one write at a time, in batches of at most maxBatch', async () => {
    const batches: number[][] = []
    let writing = 0
    let overlapped = false
    await fetchAndWriteInBatches(
      Array.from({ length: 30 }, (_, i) => i),
      options,
      async (n) => n,
      async (batch) => {
        overlapped ||= writing > 0
        writing++
        batches.push(batch)
        await settled()
        writing--
      },
    )
    expect(overlapped).toBe(false)
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    expect(batches.every((b) => b.length >= 1 && b.length <= options.maxBatch)).toBe(true)
    // What arrived during a write went into the next one: fewer writes than answers.
    expect(batches.length).toBeLessThan(30)
  })

  it('keeps fetching while a write is under way, and batches by weight', async () => {
    const write = gate()
    const fetched: number[] = []
    const batches: number[][] = []
    const run = fetchAndWriteInBatches(
      [1, 2, 3, 4, 5],
      { ...options, maxWeight: 2 },
      async (n) => {
        fetched.push(n)
        return n
      },
      async (batch) => {
        batches.push(batch)
        if (batches.length === 1) await write.opened
      },
    )
    await settled()
    // The first write is held; every fetch has answered regardless.
    expect(batches).toHaveLength(1)
    expect(fetched).toEqual([1, 2, 3, 4, 5])
    write.open()
    await run
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5])
    expect(batches.every((b) => b.length <= 2)).toBe(true)
  })

  it('pauses fetching while two batches wait to be written', async () => {
    const write = gate()
    const fetched: number[] = []
    const run = fetchAndWriteInBatches(
      Array.from({ length: 20 }, (_, i) => i),
      { ...options, maxBatch: 2 },
      async (n) => {
        fetched.push(n)
        return n
      },
      () => write.opened,
    )
    await settled()
    // The held write's batch (2), two batches waiting (4), and a fetch in flight on each of
    // the other workers when the wait filled.
    expect(fetched.length).toBeLessThanOrEqual(2 + 4 + options.concurrency - 1)
    write.open()
    await run
    expect(fetched).toHaveLength(20)
  })

  it('writes what was fetched before a fetch failed, then rejects with it', async () => {
    const written: number[] = []
    const run = fetchAndWriteInBatches(
      [1, 2, 3, 4, 5, 6],
      { ...options, concurrency: 1 },
      async (n) => {
        if (n === 4) throw new Error('Gmail failed')
        return n
      },
      async (batch) => {
        written.push(...batch)
      },
    )
    await expect(run).rejects.toThrow('Gmail failed')
    expect(written).toEqual([1, 2, 3])
  })

  it('stops fetching after a failed write, and rejects with it', async () => {
    const fetched: number[] = []
    const run = fetchAndWriteInBatches(
      Array.from({ length: 50 }, (_, i) => i),
      { ...options, concurrency: 1, maxBatch: 2 },
      async (n) => {
        fetched.push(n)
        await settled()
        return n
      },
      async () => {
        throw new Error('the database failed')
      },
    )
    await expect(run).rejects.toThrow('the database failed')
    expect(fetched.length).toBeLessThan(5)
  })

  it('leaves out what a fetch answers null, and writes nothing for nothing', async () => {
    const written: number[] = []
    await fetchAndWriteInBatches(
      [1, 2, 3, 4],
      options,
      async (n) => (n % 2 ? n : null),
      async (batch) => {
        written.push(...batch)
      },
    )
    expect(written.sort()).toEqual([1, 3])
    await fetchAndWriteInBatches(
      [],
      options,
      async () => 1,
      async () => {
        throw new Error('nothing to write')
      },
    )
  })
})
