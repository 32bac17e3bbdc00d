import { describe, expect, it } from 'vitest'
import { mapWithConcurrency } from './concurrency.js'

describe('mapWithConcurrency', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let inFlight = 0
    let peak = 0
    const result = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (n) => {
      inFlight++
      peak = Math.max(peak, inFlight)
      await new Promise((r) => setTimeout(r, n))
      inFlight--
      return n * 10
    })
    expect(result).toEqual([50, 10, 40, 20, 30, 0])
    expect(peak).toBe(2)
  })

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = []
    const run = mapWithConcurrency([1, 2, 3, 4], 1, async (n) => {
      started.push(n)
      if (n === 2) throw new Error('boom')
      return n
    })
    await expect(run).rejects.toThrow('boom')
    expect(started).toEqual([1, 2])
  })
})
