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
  }
}

/** Autosave runs only when the two required fields have something in them, as the spec asks. */
export function canAutosave(values: ContactFormValues): boolean {
  return values.name.trim() !== '' && values.email.trim() !== ''
}
