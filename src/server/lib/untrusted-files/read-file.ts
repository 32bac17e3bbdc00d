import { AppError, BadRequest, TooManyRequests } from '../errors.js'
import { Refusal, type RefusalReason } from './limits.js'
import { readInReaderProcess } from './reader.js'
import { PoolFull, TaskPool } from './task-pool.js'
import { decodeTextFile } from './text.js'

export type UntrustedFileKind = 'txt' | 'pdf' | 'docx'

export const TOO_COMPLEX_MESSAGE = 'This file is too large or too complex to read'

/** A file over a reader's limits (decision 041): 413, whichever limit it hit. */
export class FileTooComplex extends AppError {
  constructor() {
    super(413, 'file_too_complex', TOO_COMPLEX_MESSAGE)
  }
}

/** Every reader is busy and the queue is full: a 429 that says when to try again. */
export class ReadersBusy extends TooManyRequests {
  constructor() {
    super('Too many files are being read right now. Try again in a few seconds.', 'readers_busy', {
      retryAfterSeconds: 10,
    })
  }
}

const FORMAT_NAMES: Record<UntrustedFileKind, string> = {
  txt: 'text',
  pdf: 'PDF',
  docx: 'Word (.docx)',
}

function refusalError(reason: RefusalReason, kind: UntrustedFileKind): AppError {
  if (reason === 'too_complex') return new FileTooComplex()
  if (reason === 'not_text') {
    return new BadRequest('Could not read the file: it does not look like text', 'not_text')
  }
  return new BadRequest(
    `Could not read the file: it is not a valid ${FORMAT_NAMES[kind]} document`,
    'unreadable_file',
  )
}

/**
 * Two readers per instance: each may take READER_LIMITS' memory, so ten uploads at once use
 * two readers' worth and wait in turn. A wait is at most four readers' time limits; past the
 * queue, a request is turned away at once.
 */
const readers = new TaskPool(2, 8)

/**
 * The text of a file a user sent, read under limits (decision 041). PDF and Word files are
 * parsed in a reader process of their own, never on the server's event loop; a text file is
 * only decoded, in one linear pass over at most a few megabytes, so it is read here. The
 * errors are the answers: 413 (too large or too complex), 400 (unreadable, not text), 429
 * (every reader busy).
 */
export async function readUntrustedFile(
  kind: UntrustedFileKind,
  bytes: Uint8Array,
  options: { maxChars: number },
): Promise<string> {
  try {
    if (kind === 'txt') return decodeTextFile(bytes)
    return await readers.run(() => readInReaderProcess({ kind, bytes, maxChars: options.maxChars }))
  } catch (error) {
    if (error instanceof Refusal) throw refusalError(error.reason, kind)
    if (error instanceof PoolFull) throw new ReadersBusy()
    throw error
  }
}
