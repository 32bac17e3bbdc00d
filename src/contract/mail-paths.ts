// Where the API serves a message's files: plain functions without zod, so the web's thread
// viewer, which links inline images and attachments, does not load the schema library on
// the first conversation opened (decision 036).

/** Where an attachment of a message is served (the user's own, behind the session). */
export function attachmentPath(messageId: string, attachmentId: string): string {
  return `/api/gmail/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`
}

/** Where the `index`th attachment of a saved draft is served (the user's own, behind the session). */
export function draftAttachmentPath(draftId: string, index: number): string {
  return `/api/gmail/drafts/${encodeURIComponent(draftId)}/attachments/${index}`
}
