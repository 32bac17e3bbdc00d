import mammoth from 'mammoth'
import { extractText, getDocumentProxy } from 'unpdf'
import { MAX_SAMPLE_BYTES } from '../../../contract/ai.js'
import { BadRequest } from '../../lib/errors.js'

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

function decode(contentBase64: string): Buffer {
  const clean = contentBase64.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) {
    throw new BadRequest('The file content is not valid base64', 'invalid_file')
  }
  const bytes = Buffer.from(clean, 'base64')
  if (bytes.length > MAX_SAMPLE_BYTES) {
    throw new BadRequest(`The file must be at most ${LIMIT_MB} MB`, 'file_too_large')
  }
  if (bytes.length === 0) throw new BadRequest('The file is empty', 'empty_file')
  return bytes
}

const unreadable = (what: string) =>
  new BadRequest(`Could not read the file: it is not a valid ${what} document`, 'unreadable_file')

/**
 * The text of a writing sample (decision 034): .txt as UTF-8, .pdf with unpdf (PDF.js), .docx with
 * mammoth. A corrupt file is a 400 that says so, never a 500.
 */
export async function extractSampleText(file: SampleFile): Promise<string> {
  const kind = kindOf(file)
  const bytes = decode(file.contentBase64)
  let text: string
  if (kind === 'txt') {
    text = new TextDecoder('utf-8').decode(bytes)
  } else if (kind === 'pdf') {
    try {
      // verbosity 0: a broken file is answered with a 400, not also warned about in the log.
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 })
      text = (await extractText(pdf, { mergePages: true })).text
    } catch {
      throw unreadable('PDF')
    }
  } else {
    try {
      text = (await mammoth.extractRawText({ buffer: bytes })).value
    } catch {
      throw unreadable('Word (.docx)')
    }
  }
  // NUL and other control characters are no part of a writing sample (and PostgreSQL
  // text refuses NUL): keep tabs and line breaks only.
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
  if (!clean) throw new BadRequest('The file contains no text to analyze', 'empty_file')
  return clean.slice(0, MAX_SAMPLE_TEXT_CHARS)
}
