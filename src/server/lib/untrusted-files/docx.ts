import mammoth from 'mammoth'
import { Refusal } from './limits.js'
import { inflateEntry, readZipDirectory, storedZip } from './zip.js'

/** The parts that hold a document's text and structure; media and fonts are never read. */
const isMarkup = (name: string) => /\.(xml|rels)$/i.test(name)

/**
 * The raw text of a .docx. Mammoth inflates with JSZip, which has no output limit, so it never
 * sees the original zip: the directory is checked first, the markup parts are inflated under
 * their stated sizes, and mammoth reads a stored copy. Other parts keep their names (mammoth
 * asks whether an image exists) but not their bytes.
 */
export async function docxText(bytes: Uint8Array): Promise<string> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const entries = readZipDirectory(zip)
  const files = entries.map((entry) => ({
    entry,
    data: isMarkup(entry.name) ? inflateEntry(zip, entry) : Buffer.alloc(0),
  }))
  try {
    return (await mammoth.extractRawText({ buffer: storedZip(files) })).value
  } catch {
    throw new Refusal('unreadable')
  }
}
