import { fork, type ChildProcess } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import { pathToFileURL } from 'node:url'
import { READER_LIMITS, Refusal } from './limits.js'
import type { ReadAnswer, ReadJob } from './reader-process.js'

/**
 * Where the reader process's code is: beside this file, compiled (`dist/server`, plain node) or
 * as TypeScript (tsx in development, Vitest in tests), where the child needs tsx's loader too.
 */
function readerEntry(): { entry: URL; execArgv: string[] } {
  const source = import.meta.url.endsWith('.ts')
  const entry = new URL(`./reader-process.${source ? 'ts' : 'js'}`, import.meta.url)
  if (!source) return { entry, execArgv: [] }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return { entry, execArgv: ['--import', tsx] }
}

/** The process's resident memory in MB, from /proc; null where there is none (not Linux). */
async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
    return kb ? Number(kb) / 1024 : null
  } catch {
    return null
  }
}

const POLL_MS = 50
/** Lower than the server's 0: a reader is background work next to the requests it serves. */
const READER_NICENESS = 10

/**
 * Reads one file in a reader process of its own, under READER_LIMITS: a file that runs it past
 * its heap, its resident memory or its time is refused as too complex, and the process is
 * killed. A process per file: nothing a hostile file did to one parse can outlive it, and the
 * memory goes back to the system. A reader that dies for any other reason (it could not start)
 * is a plain Error, the server's fault, not the file's.
 */
export function readInReaderProcess(job: ReadJob): Promise<string> {
  const { entry, execArgv } = readerEntry()
  const child: ChildProcess = fork(entry, [], {
    execArgv: [...execArgv, `--max-old-space-size=${READER_LIMITS.heapMb}`],
    // Nothing of the server's environment (database address, keys) reaches a process that
    // parses hostile input.
    env: {},
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  if (child.pid) {
    // On a busy machine the server's requests get the CPU first, and under memory pressure
    // the kernel's OOM killer takes the reader, not the server.
    try {
      setPriority(child.pid, READER_NICENESS)
    } catch {
      // Not allowed here: the reader runs at the server's priority.
    }
    void writeFile(`/proc/${child.pid}/oom_score_adj`, '1000').catch(() => {})
  }
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000)
  })

  return new Promise<string>((resolve, reject) => {
    let answer: ReadAnswer | null = null
    let killedFor: 'time' | 'memory' | null = null
    const kill = (reason: 'time' | 'memory') => {
      killedFor ??= reason
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => kill('time'), READER_LIMITS.wallClockMs)
    let polling = false
    const watch = setInterval(() => {
      if (polling || !child.pid) return
      polling = true
      void residentMb(child.pid)
        .then((mb) => {
          if (mb !== null && mb > READER_LIMITS.residentMb) kill('memory')
        })
        .finally(() => (polling = false))
    }, POLL_MS)

    child.on('message', (message: ReadAnswer) => {
      if ('ready' in message) child.send(job)
      else answer = message
    })
    // Settled only once the process is gone and reaped ('close' also comes after the IPC
    // channel has delivered the answer): a killed reader is never still running after its 413.
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      clearInterval(watch)
      if (answer && 'ok' in answer && !killedFor) {
        if (answer.ok) resolve(answer.text)
        else reject(new Refusal(answer.reason))
        return
      }
      // Past a limit; or V8 aborted it at its heap limit, or the kernel's OOM killer sent
      // SIGKILL: the file did that.
      const outOfMemory =
        signal === 'SIGABRT' ||
        signal === 'SIGKILL' ||
        code === 134 ||
        /heap out of memory/i.test(stderr)
      if (killedFor || outOfMemory) reject(new Refusal('too_complex'))
      else
        reject(new Error(`the file reader exited (${signal ?? code}) without an answer: ${stderr}`))
    })
    // It could not start: 'close' may never come.
    child.on('error', (error) => {
      clearTimeout(timer)
      clearInterval(watch)
      reject(error)
    })
  })
}
