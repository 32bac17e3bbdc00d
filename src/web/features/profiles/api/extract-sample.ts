import { ExtractedSampleSchema } from '../../../../contract/ai'
import { apiJson } from '../../../lib/api-client'

/** The file's bytes as base64, read in slices so a large file never builds one huge string. */
async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  const SLICE = 0x8000
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE))
  }
  return btoa(binary)
}

/** A .pdf or .docx writing sample's text, extracted on the server (decision 034). */
export async function extractSample(file: File): Promise<string> {
  const answer = await apiJson<unknown>('POST', '/api/ai/extract-sample', {
    filename: file.name,
    mimeType: file.type,
    contentBase64: await toBase64(file),
  })
  return ExtractedSampleSchema.parse(answer).text
}
