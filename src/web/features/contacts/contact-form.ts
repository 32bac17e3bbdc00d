import type { Contact } from '../../../contract/contacts'
import { DEFAULT_GREETING, DEFAULT_SIGNOFF } from '../../../contract/options'

/**
 * What the Add/Edit dialog holds while the user types: every field as the user sees it. The
 * contract's ContactInputSchema checks it as it is (useZodForm).
 */
export type ContactFormValues = {
  name: string
  email: string
  tone: Contact['tone']
  formality: Contact['formality']
  language: Contact['language']
  greeting: string
  signoff: string
  memory: string
  context: string
  /** Pro (decision 050): the contact's own writing profile; null for the default. */
  writingProfileId: string | null
}

/** The dialog's starting values: the stored contact, or the spec's defaults for a new one. */
export function contactFormValues(contact?: Contact): ContactFormValues {
  return {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    tone: contact?.tone ?? 'professional',
    formality: contact?.formality ?? 'formal',
    language: contact?.language ?? 'english',
    greeting: contact?.greeting || DEFAULT_GREETING,
    signoff: contact?.signoff || DEFAULT_SIGNOFF,
    memory: contact?.memory ?? '',
    context: contact?.context ?? '',
    writingProfileId: contact?.writingProfileId ?? null,
  }
}

/** Autosave runs only when the two required fields have something in them, as the spec asks. */
export function canAutosave(values: ContactFormValues): boolean {
  return values.name.trim() !== '' && values.email.trim() !== ''
}

/**
 * What a save sends. The writing profile goes only once the user has picked one in this dialog:
 * left out, the server keeps what it holds, so a choice this page has stale (its profile deleted
 * elsewhere) or may not change (Free) is never sent back.
 */
export function contactInput<T extends { writingProfileId?: string | null }>(
  parsed: T,
  profileChosen: boolean,
): T {
  return profileChosen ? parsed : { ...parsed, writingProfileId: undefined }
}
