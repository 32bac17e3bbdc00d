import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readerProcesses } from '../../test/reader-processes.js'
import { READER_LIMITS, Refusal } from './limits.js'
import { readInReaderProcess } from './reader.js'
import { PoolFull, TaskPool } from './task-pool.js'

// The reader process's own limits, each tripped on purpose with an ordinary file: what a hostile
// file would hit, it hits here by making the limit tiny.

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../features/ai/fixtures', name))
const job = () => ({ kind: 'pdf' as const, bytes: fixture('sample.pdf'), maxChars: 1000 })
const defaults = { ...READER_LIMITS }
afterEach(() => Object.assign(READER_LIMITS, defaults))

describe('the reader process', () => {
  it('reads a file within its limits and is gone afterwards', async () => {
    expect(await readInReaderProcess(job())).toContain('the quarterly figures are attached')
    expect(readerProcesses()).toBe(0)
  })

  it.each([
    // The reader needs longer than this just to load PDF.js.
    ['its time', { wallClockMs: 100 }],
    // Node alone is resident in more than this.
    ['its resident memory', { residentMb: 20 }],
    // PDF.js does not even load in this heap: V8 aborts the process.
    ['its heap', { heapMb: 8 }],
  ])('is killed past %s, and the file refused as too complex', async (_limit, limits) => {
    Object.assign(READER_LIMITS, limits)
    const refusal = await readInReaderProcess(job()).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(Refusal)
    expect((refusal as Refusal).reason).toBe('too_complex')
    expect(readerProcesses()).toBe(0)
  })
})

describe('TaskPool', () => {
  it('runs `size` tasks at once, queues `queueLimit` more in order, and refuses the rest', async () => {
    const pool = new TaskPool(1, 1)
    const order: string[] = []
    let release!: () => void
    const first = pool.run(async () => {
      await new Promise<void>((resolve) => (release = resolve))
      order.push('first')
    })
    const second = pool.run(async () => void order.push('second'))
    await expect(pool.run(async () => order.push('third'))).rejects.toBeInstanceOf(PoolFull)
    expect(pool.load).toEqual({ running: 1, waiting: 1 })
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first', 'second'])
    expect(pool.load).toEqual({ running: 0, waiting: 0 })
  })
})
