import { mapWithConcurrency } from '../../../lib/concurrency.js'

/**
 * Fetches `items`, at most `concurrency` at a time, and writes what the fetches answer in
 * batches, one write at a time while the fetching goes on (decision 060). A write takes what
 * has arrived since the last one began: up to `maxBatch` answers, and up to `maxWeight` of
 * their `weight` (always at least one). So a slow write gets a larger batch next time, and
 * neither Gmail nor the database waits for the other. Fetching pauses while two batches wait.
 *
 * A fetch answering null has nothing to write. A failed fetch stops new fetches; what was
 * fetched is still written, then the run rejects with it. A failed write stops everything,
 * and the run rejects with it once the fetches under way have settled.
 */
export async function fetchAndWriteInBatches<T, R>(
  items: readonly T[],
  options: {
    concurrency: number
    maxBatch: number
    maxWeight: number
    weight: (answer: R) => number
  },
  fetch: (item: T) => Promise<R | null>,
  write: (batch: R[]) => Promise<void>,
): Promise<void> {
  const { maxBatch, maxWeight, weight } = options
  const waiting: R[] = []
  let fetching = true
  let writeFailure: { error: unknown } | null = null
  let wakeWriter: (() => void) | null = null
  const paused: (() => void)[] = []
  const wake = () => {
    const resume = wakeWriter
    wakeWriter = null
    resume?.()
  }
  const resumeFetches = () => {
    for (const resume of paused.splice(0)) resume()
  }

  const writing = (async () => {
    while (!writeFailure) {
      if (waiting.length === 0) {
        if (!fetching) return
        await new Promise<void>((resolve) => {
          wakeWriter = resolve
        })
        continue
      }
      let count = 0
      let total = 0
      while (count < Math.min(waiting.length, maxBatch)) {
        const next = weight(waiting[count]!)
        if (count > 0 && total + next > maxWeight) break
        total += next
        count++
      }
      const batch = waiting.splice(0, count)
      resumeFetches()
      try {
        await write(batch)
      } catch (error) {
        writeFailure = { error }
        resumeFetches()
      }
    }
  })()

  let fetchFailure: { error: unknown } | null = null
  try {
    await mapWithConcurrency(items, options.concurrency, async (item) => {
      if (writeFailure) throw writeFailure.error
      const answer = await fetch(item)
      if (answer !== null) {
        waiting.push(answer)
        wake()
      }
      while (!writeFailure && waiting.length >= 2 * maxBatch) {
        await new Promise<void>((resolve) => paused.push(resolve))
      }
    })
  } catch (error) {
    fetchFailure = { error }
  } finally {
    fetching = false
    wake()
  }
  await writing
  if (writeFailure) throw (writeFailure as { error: unknown }).error
  if (fetchFailure) throw fetchFailure.error
}
