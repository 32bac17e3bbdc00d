import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { MAX_SAMPLE_BYTES } from '../../../contract/ai.js'
import { BadRequest } from '../../lib/errors.js'
import { readUntrustedFile } from '../../lib/untrusted-files/read-file.js'

export type SampleFile = { filename: string; mimeType: string; contentBase64: string }

type SampleKind = 'txt' | 'pdf' | 'docx'

/** The analysis reads at most this much; a longer sample is cut. */
export const MAX_SAMPLE_TEXT_CHARS = 50_000

const KIND_BY_MIME: Record<string, SampleKind> = {
  'text/plain': 'txt',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
}

const INVALID_TYPE = 'Invalid file type. Please upload a .txt, .pdf, or .docx file.'
const LIMIT_MB = MAX_SAMPLE_BYTES / 1024 / 1024

/** Browsers send an empty or generic type for some files; the extension decides then. */
function kindOf(file: SampleFile): SampleKind {
  const byMime = KIND_BY_MIME[file.mimeType.toLowerCase().split(';')[0]!.trim()]
  if (byMime) return byMime
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase()
  if (extension === 'txt' || extension === 'pdf' || extension === 'docx') return extension
  throw new BadRequest(INVALID_TYPE, 'invalid_file_type')
}

/**
 * Each pass over a body of up to 7 MB holds the event loop for milliseconds (tens on a busy
 * machine): the passes take turns with other requests, and there are as few as can be. Buffer.from
 * skips whitespace itself, so it is allowed rather than stripped first (decision 041).
 */
async function decode(contentBase64: string): Promise<Buffer> {
  // The body was parsed in this same turn of the event loop.
  await yieldToEventLoop()
  if (!/^[A-Za-z0-9+/_\s-]*(?:=\s*){0,2}$/.test(contentBase64)) {
    throw new BadRequest('The file content is not valid base64', 'invalid_file')
  }
  await yieldToEventLoop()
  const bytes = Buffer.from(contentBase64, 'base64')
  if (bytes.length > MAX_SAMPLE_BYTES) {
    throw new BadRequest(`The file must be at most ${LIMIT_MB} MB`, 'file_too_large')
  }
  if (bytes.length === 0) throw new BadRequest('The file is empty', 'empty_file')
  return bytes
}

/**
 * The text of a writing sample (decision 034). The file is read under limits, PDF and Word off
 * the event loop (decision 041): a file too large or too complex to read is a 413, a corrupt
 * one or binary data a 400 that says so, never a 500 or a stalled server.
 */
export async function extractSampleText(file: SampleFile): Promise<string> {
  const kind = kindOf(file)
  const bytes = await decode(file.contentBase64)
  const text = await readUntrustedFile(kind, bytes, { maxChars: MAX_SAMPLE_TEXT_CHARS })
  // NUL and other control characters are no part of a writing sample (and PostgreSQL
  // text refuses NUL): keep tabs and line breaks only.
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
  if (!clean) throw new BadRequest('The file contains no text to analyze', 'empty_file')
  return clean.slice(0, MAX_SAMPLE_TEXT_CHARS)
}
