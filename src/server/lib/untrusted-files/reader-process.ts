// The reader process (decision 041): reads one untrusted file and exits. The server forks it
// with a heap limit and watches its time and resident memory from outside; this side only
// parses, under the format readers' own limits. Nothing here may import the server's code,
// its configuration or its secrets: the process gets an empty environment.
import { Worker } from 'node:worker_threads'
import { Refusal } from './limits.js'

/**
 * A watchdog on a thread of its own, which runs while the parse holds the main thread: the
 * server kills a reader past its limits, but a server killed with -9 kills nothing, and a parse
 * busy on the main thread never hears the IPC channel close. The watchdog ends the process
 * when its parent is gone (it is re-parented) or, whatever happens, after 20 s (the server's
 * own limit is 10 s).
 */
function startWatchdog(): void {
  const watchdog = new Worker(
    `const parent = process.ppid
     const started = Date.now()
     setInterval(() => {
       if (process.ppid !== parent || Date.now() - started > 20000) process.kill(process.pid, 'SIGKILL')
     }, 250)`,
    { eval: true },
  )
  watchdog.unref()
}
startWatchdog()

/** What the server sends: one file, of a kind that needs parsing. */
export type ReadJob = { kind: 'pdf' | 'docx'; bytes: Uint8Array; maxChars: number }
/** What the reader answers, once. */
export type ReadAnswer =
  | { ok: true; text: string }
  | { ok: false; reason: Refusal['reason'] }
  /** Sent first, once the process listens: a job sent earlier could be lost. */
  | { ready: true }

async function read(job: ReadJob): Promise<string> {
  if (job.kind === 'pdf') return (await import('./pdf.js')).pdfText(job.bytes, job.maxChars)
  return (await import('./docx.js')).docxText(job.bytes)
}

const send = (answer: ReadAnswer) =>
  new Promise<void>((resolve) => process.send!(answer, () => resolve()))

process.once('message', (job: ReadJob) => {
  void read(job)
    .then(
      (text) => send({ ok: true, text }),
      (error: unknown) =>
        send({ ok: false, reason: error instanceof Refusal ? error.reason : 'unreadable' }),
    )
    .finally(() => process.exit(0))
})
// The server went away (or gave up on this file): nobody waits for the answer.
process.on('disconnect', () => process.exit(0))
void send({ ready: true })
