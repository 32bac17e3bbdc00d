// The reader process (decision 041): reads one untrusted file and exits. The server forks it
// with a heap limit and watches its time and resident memory from outside; this side only
// parses, under the format readers' own limits. Nothing here may import the server's code,
// its configuration or its secrets: the process gets an empty environment.
import { Refusal } from './limits.js'

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
