import { constants, inflateSync } from 'node:zlib'
import { getDocumentProxy } from 'unpdf'
import { PDF_LIMITS, Refusal } from './limits.js'

const tooComplex = () => new Refusal('too_complex')

/** What PDF.js's FlateStream accepts as a zlib header (deflate, checksum, no preset dictionary). */
const isZlibHeader = (data: Uint8Array) =>
  data.length >= 2 &&
  (data[0]! & 0x0f) === 8 &&
  ((data[0]! << 8) + data[1]!) % 31 === 0 &&
  (data[1]! & 0x20) === 0

/**
 * Every Flate stream of the file, inflated here with a hard cap before PDF.js sees it. PDF.js
 * inflates in JavaScript into buffers outside the heap, with no limit: one stream of a few
 * megabytes that inflates to gigabytes held every request of the server for minutes.
 *
 * Streams are found by their `stream` keyword rather than through the file's objects, so a
 * broken or lying cross-reference table cannot hide one, and a stream is taken for Flate by its
 * zlib header, whatever its dictionary says (a filter can be an indirect object). Its data is
 * read to the end of the file, not to a `/Length` or an `endstream` that could cut it short:
 * zlib stops where the deflate data ends. Filters applied twice are inflated twice.
 */
export function checkStreams(pdf: Buffer): void {
  let total = 0
  const inflateCapped = (data: Uint8Array): Buffer | null => {
    try {
      const out = inflateSync(data, {
        maxOutputLength: PDF_LIMITS.streamBytes,
        // A truncated stream is not this check's business: PDF.js reads what there is.
        finishFlush: constants.Z_SYNC_FLUSH,
      })
      total += out.length
      if (total > PDF_LIMITS.totalStreamBytes) throw tooComplex()
      return out
    } catch (error) {
      if (error instanceof Refusal) throw error
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooComplex()
      // Not Flate after all, or corrupt: PDF.js will fail on it the same way, or skip it.
      return null
    }
  }
  let at = 0
  // Where the line of the last keyword ended: a line holding many keywords is scanned once.
  let lineEnd = -1
  while ((at = pdf.indexOf('stream', at, 'latin1')) !== -1) {
    const keyword = at
    at += 'stream'.length
    if (keyword >= 3 && pdf.toString('latin1', keyword - 3, keyword) === 'end') continue
    // As PDF.js does: the data starts after the end of the keyword's line (CR, LF or CRLF).
    if (lineEnd < at) {
      lineEnd = at
      while (lineEnd < pdf.length && pdf[lineEnd] !== 0x0a && pdf[lineEnd] !== 0x0d) lineEnd++
    }
    const start = pdf[lineEnd] === 0x0d && pdf[lineEnd + 1] === 0x0a ? lineEnd + 2 : lineEnd + 1
    let data: Uint8Array | null = pdf.subarray(start)
    for (let layer = 0; data && layer < 4 && isZlibHeader(data); layer++) {
      data = inflateCapped(data)
    }
  }
}

type TextItem = { str: string; hasEOL: boolean; transform: number[]; height: number }
type Line = { text: string; y: number; height: number }

/** A page's text items as lines, top to bottom as the content draws them, until `budget`. */
async function pageLines(
  page: { streamTextContent(): ReadableStream<{ items: unknown[] }> },
  budget: number,
): Promise<Line[]> {
  const lines: Line[] = []
  let length = 0
  let current: Line | null = null
  const endLine = () => {
    if (current && current.text.trim()) {
      lines.push(current)
      length += current.text.length + 1
    }
    current = null
  }
  const reader = page.streamTextContent().getReader()
  try {
    while (length < budget) {
      const { done, value } = await reader.read()
      if (done) break
      for (const raw of value.items) {
        // Marked-content markers have no `str`.
        if (typeof (raw as TextItem).str !== 'string') continue
        const item = raw as TextItem
        const y = item.transform[5] ?? 0
        const line: Line | null = current
        // Items without an end-of-line flag between them may still sit on different lines.
        if (line && item.str && Math.abs(y - line.y) > Math.max(item.height, line.height) / 2) {
          endLine()
        }
        current ??= { text: '', y, height: 0 }
        current.text += item.str
        current.height = Math.max(current.height, item.height)
        if (item.hasEOL) endLine()
      }
    }
    endLine()
  } finally {
    await reader.cancel().catch(() => {})
  }
  return lines
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

/**
 * Lines joined with line breaks, and with a blank line where the gap above a line is clearly
 * wider than the page's usual line spacing: a paragraph break. A greeting and a sign-off stay
 * on lines of their own, which is where the style analysis looks for them.
 */
function joinLines(lines: Line[]): string {
  const gaps = lines.slice(1).map((line, i) => lines[i]!.y - line.y)
  const downward = gaps.filter((gap) => gap > 0)
  const spacing = downward.length ? median(downward) : 0
  let text = lines[0]?.text.trim() ?? ''
  lines.slice(1).forEach((line, i) => {
    const gap = gaps[i]!
    // Double-spaced text is not a paragraph per line: the usual gap counts up to 1.5 lines.
    const usual = Math.min(spacing, 1.5 * (line.height || spacing))
    text += (usual > 0 && gap > 1.4 * usual ? '\n\n' : '\n') + line.text.trim()
  })
  return text
}

/**
 * The text of a PDF, page by page, stopping once `maxChars` are read. Streams are checked before
 * PDF.js parses anything; a file of more than PDF_LIMITS.pages pages is refused.
 */
export async function pdfText(bytes: Uint8Array, maxChars: number): Promise<string> {
  checkStreams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    // verbosity 0: nothing goes to the reader's stderr; no system fonts: nothing read from disk.
    // PDF.js wants a plain Uint8Array; a Buffer (as IPC delivers one) is refused.
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    pdf = await getDocumentProxy(data, { verbosity: 0, useSystemFonts: false })
  } catch {
    throw new Refusal('unreadable')
  }
  if (pdf.numPages > PDF_LIMITS.pages) throw tooComplex()
  const pages: string[] = []
  let length = 0
  try {
    for (let number = 1; number <= pdf.numPages && length < maxChars; number++) {
      const page = await pdf.getPage(number)
      const text = joinLines(await pageLines(page, maxChars - length))
      page.cleanup()
      if (text) pages.push(text)
      length += text.length + 2
    }
  } catch {
    throw new Refusal('unreadable')
  }
  return pages.join('\n\n')
}
