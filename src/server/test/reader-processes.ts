import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll } from 'vitest'
import { READER_LIMITS } from '../lib/untrusted-files/limits.js'

/**
 * The file reader processes (lib/untrusted-files) this process has running now, from /proc
 * (Linux): what the tests count to see readers limited in number and gone once killed.
 */
export function readerProcesses(): number {
  let count = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // The parent's id is the second field after the parenthesised command name.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent !== process.pid) continue
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('reader-process')) count++
    } catch {
      // The process ended while we looked.
    }
  }
  return count
}

/**
 * For the tests of a describe block that read ordinary files: the readers' clock (10 s in
 * production) is lifted for them. Readers run niced, so on a busy machine (CI runs the browser
 * journeys beside these tests) they get the cores last, and a small PDF read past 10 s would
 * be refused as too complex, which is not what those tests are about. The clock's own kill is
 * tested in lib/untrusted-files/reader.test.ts; the bombs keep the production clock.
 */
export function liftReaderClock() {
  let production = READER_LIMITS.wallClockMs
  beforeAll(() => {
    production = READER_LIMITS.wallClockMs
    READER_LIMITS.wallClockMs = 120_000
  })
  afterAll(() => {
    READER_LIMITS.wallClockMs = production
  })
}
