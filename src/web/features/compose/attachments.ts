import type { z } from 'zod'
import type { OutgoingAttachmentSchema } from '../../../contract/mail'

export type OutgoingAttachment = z.input<typeof OutgoingAttachmentSchema>

/** A file's bytes in base64, as the send and draft calls take them. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.onload = () => {
      const url = String(reader.result)
      // A data URL: "data:<type>;base64,<bytes>".
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.readAsDataURL(file)
  })
}

export async function filesToAttachments(files: File[]): Promise<OutgoingAttachment[]> {
  return Promise.all(
    files.map(async (file) => ({
      filename: file.name,
      mimeType: file.type || 'application/octet-stream',
      contentBase64: await readAsBase64(file),
    })),
  )
}
