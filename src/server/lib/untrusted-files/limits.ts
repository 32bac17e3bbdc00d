/**
 * What reading one untrusted file may cost (decision 041). The reader process enforces the
 * first three from outside; the format readers enforce the rest before the work is done.
 */
export const READER_LIMITS = {
  /** The reader process's V8 heap (`--max-old-space-size`). */
  heapMb: 256,
  /**
   * Its whole resident memory, buffers outside the heap included: inflated data and PDF.js's
   * decoded streams live there, where the heap limit does not reach. Polled, Linux only.
   */
  residentMb: 512,
  /** From spawning the reader to its answer. */
  wallClockMs: 10_000,
}

export const ZIP_LIMITS = {
  /** One entry, uncompressed, as the directory states it. */
  entryBytes: 20 * 1024 * 1024,
  /** All entries together. */
  totalBytes: 100 * 1024 * 1024,
  /** Uncompressed to compressed, for an entry large enough to hurt. */
  ratio: 100,
  ratioAppliesFromBytes: 1024 * 1024,
  entries: 5_000,
}

export const PDF_LIMITS = {
  pages: 200,
  /** One stream, decompressed: a page's content, a font, an image. */
  streamBytes: 64 * 1024 * 1024,
  /** Every stream of the file, decompressed one after the other. */
  totalStreamBytes: 256 * 1024 * 1024,
}

/** Why a file was not read; the main thread turns it into the answer. */
export type RefusalReason = 'too_complex' | 'unreadable' | 'not_text'

/** Thrown by the format readers; carries only a reason, so it crosses the process boundary. */
export class Refusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason)
    this.name = 'Refusal'
  }
}
