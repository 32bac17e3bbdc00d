import { readdirSync, readFileSync } from 'node:fs'

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
