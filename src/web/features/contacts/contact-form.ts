import { z } from 'zod'
import { ContactInputSchema, type Contact, type ContactInput } from '../../../contract/contacts'
import { DEFAULT_GREETING, DEFAULT_SIGNOFF } from '../../../contract/options'

/** What the Add/Edit dialog holds while the user types: every field as the user sees it. */
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

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>

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

export type ContactFormResult =
  { ok: true; input: ContactInput } | { ok: false; errors: ContactFormErrors }

/** Checks the form with the contract's own schema; errors are keyed by field, first one wins. */
export function parseContactForm(values: ContactFormValues): ContactFormResult {
  const result = ContactInputSchema.safeParse(values)
  if (result.success) return { ok: true, input: result.data }
  const { fieldErrors } = z.flattenError(result.error)
  const errors: ContactFormErrors = {}
  for (const [field, messages] of Object.entries(fieldErrors) as [
    keyof ContactFormValues,
    string[] | undefined,
  ][]) {
    const first = messages?.[0]
    if (first) errors[field] = first
  }
  return { ok: false, errors }
}

/** Autosave runs only when the two required fields have something in them, as the spec asks. */
export function canAutosave(values: ContactFormValues): boolean {
  return values.name.trim() !== '' && values.email.trim() !== ''
}
