import { z } from 'zod'
import { draftAttachmentPath } from '../../../../contract/mail-paths'
import {
  ForwardedAttachmentSchema,
  type Draft,
  type EmailMessage,
  type OutgoingAttachmentSchema,
} from '../../../../contract/mail'

export type OutgoingAttachment = z.input<typeof OutgoingAttachmentSchema>

/**
 * An attachment of the original that a forward carries on (decision 037): shown as a chip like
 * a picked file, but sent by reference; the server fetches its bytes from Gmail.
 */
export const ForwardedFileSchema = ForwardedAttachmentSchema.extend({
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
})
export type ForwardedFile = z.infer<typeof ForwardedFileSchema>

/** Every attachment of `message`, to forward. */
export function forwardedFilesOf(message: EmailMessage): ForwardedFile[] {
  return message.attachments.map((a) => ({
    messageId: message.id,
    attachmentId: a.attachmentId,
    filename: a.filename || 'attachment',
    mimeType: a.mimeType,
    size: a.size,
  }))
}

/**
 * A file saved in a Gmail draft that Compose reopens (decision 025): by its position in the
 * draft. The editor fetches it once and holds it as a picked file, so every later save and the
 * send carry it like any other.
 */
export const DraftFileSchema = z.object({
  index: z.number().int().min(0).max(99),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
})
export type DraftFile = z.infer<typeof DraftFileSchema>

/** The files saved in `draft`, to reopen it with. */
export function draftFilesOf(draft: Draft): DraftFile[] {
  return draft.attachments.map((a, index) => ({
    index,
    filename: a.filename || 'attachment',
    mimeType: a.mimeType,
    size: a.size,
  }))
}

/** Fetches a saved draft's file as the editor holds picked files. */
export async function fetchDraftFile(draftId: string, file: DraftFile): Promise<File> {
  const response = await fetch(draftAttachmentPath(draftId, file.index), {
    credentials: 'same-origin',
  })
  if (!response.ok) throw new Error(`The attachment ${file.filename} could not be loaded`)
  return new File([await response.blob()], file.filename, { type: file.mimeType })
}

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
