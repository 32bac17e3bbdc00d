import { useId, useRef, useState, type FormEvent } from 'react'
import { Check, CircleAlert, Loader2 } from 'lucide-react'
import type { Contact } from '../../../contract/contacts'
import { CONTACT_TONES, FORMALITIES, LANGUAGES } from '../../../contract/options'
import { describedControl, FormField, OptionSelect } from '../../components/form-field'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { ApiError } from '../../lib/api-client'
import { errorDetail } from '../../lib/error-detail'
import { useCreateContact } from './api/create-contact'
import { useUpdateContact } from './api/update-contact'
import {
  canAutosave,
  contactFormValues,
  parseContactForm,
  type ContactFormErrors,
  type ContactFormValues,
} from './contact-form'
import { useAutosave, type AutosaveStatus } from './use-autosave'

/** Spec section 9: contact autosave debounce. */
export const CONTACT_AUTOSAVE_DELAY_MS = 2000

/** Thrown by autosave when the form does not pass the schema: shown next to the fields. */
class InvalidForm extends Error {
  constructor(readonly errors: ContactFormErrors) {
    super('invalid form')
  }
}

export type ContactDialogProps = {
  /** The contact to edit; absent to add a new one. */
  contact?: Contact
  onClose: () => void
}

/**
 * The Add/Edit dialog. Its form is filled once, when it opens, and never again from the server:
 * what the user types stays put while saves (and list refreshes) happen underneath.
 */
export function ContactDialog({ contact, onClose }: ContactDialogProps) {
  const editing = contact !== undefined
  const [values, setValues] = useState(() => contactFormValues(contact))
  const [errors, setErrors] = useState<ContactFormErrors>({})
  const [closing, setClosing] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const create = useCreateContact()
  const update = useUpdateContact()
  const autosaveUpdate = useUpdateContact()

  const autosave = useAutosave<ContactFormValues>({
    delay: CONTACT_AUTOSAVE_DELAY_MS,
    initial: contactFormValues(contact),
    save: async (next) => {
      const parsed = parseContactForm(next)
      if (!parsed.ok) throw new InvalidForm(parsed.errors)
      if (contact) await autosaveUpdate.mutateAsync({ id: contact.id, input: parsed.input })
    },
    onError: (error) => {
      if (error instanceof InvalidForm) {
        setErrors(error.errors)
        return
      }
      toast({
        variant: 'destructive',
        title: 'Save failed',
        description: 'Your changes could not be saved. Please try again.',
      })
    },
  })

  function change<K extends keyof ContactFormValues>(field: K, value: ContactFormValues[K]) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest as ContactFormErrors)
    if (!editing) return
    if (canAutosave(next)) autosave.schedule(next)
    else autosave.cancel()
  }

  function showErrors(found: ContactFormErrors) {
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseContactForm(values)
    if (!parsed.ok) return showErrors(parsed.errors)

    if (!contact) {
      create.mutate(parsed.input, {
        onSuccess: onClose,
        onError: (error) => {
          const detail = errorDetail(error)
          if (detail && error instanceof ApiError && error.status === 409) {
            setErrors({ email: detail })
          }
          toast({ variant: 'destructive', title: 'Failed to create contact', description: detail })
        },
      })
      return
    }
    // The explicit save replaces a waiting autosave and goes after one already on the wire.
    autosave.cancel()
    await autosave.idle()
    update.mutate(
      { id: contact.id, input: parsed.input },
      {
        onSuccess: onClose,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update contact',
            description: errorDetail(error),
          }),
      },
    )
  }

  /** Closing an edit saves what is still waiting; if that fails the dialog stays open. */
  async function requestClose() {
    if (!editing || !canAutosave(values)) return onClose()
    setClosing(true)
    const saved = await autosave.flush()
    setClosing(false)
    if (saved) onClose()
  }

  const busy = create.isPending || update.isPending
  const id = useId()
  const fieldId = (field: keyof ContactFormValues) => `${id}-${field}`
  const control = (field: keyof ContactFormValues) => ({
    ...describedControl(fieldId(field), { error: errors[field] }),
    name: field,
  })

  return (
    <Dialog open onOpenChange={(open) => !open && void requestClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Contact' : 'Add Contact'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Changes are saved automatically a moment after you stop typing.'
              : 'Tell Inkwell how to write to this person.'}
          </DialogDescription>
        </DialogHeader>

        <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" htmlFor={fieldId('name')} error={errors.name}>
              <Input
                {...control('name')}
                required
                autoComplete="off"
                value={values.name}
                onChange={(e) => change('name', e.target.value)}
              />
            </FormField>
            <FormField label="Email" htmlFor={fieldId('email')} error={errors.email}>
              <Input
                {...control('email')}
                type="email"
                required
                autoComplete="off"
                value={values.email}
                onChange={(e) => change('email', e.target.value)}
              />
            </FormField>
          </div>

          <div className="grid gap-4 sm:grid-cols-3">
            <OptionSelect
              label="Tone"
              id={fieldId('tone')}
              options={CONTACT_TONES}
              value={values.tone}
              onChange={(v) => change('tone', v)}
            />
            <OptionSelect
              label="Formality"
              id={fieldId('formality')}
              options={FORMALITIES}
              value={values.formality}
              onChange={(v) => change('formality', v)}
            />
            <OptionSelect
              label="Language"
              id={fieldId('language')}
              options={LANGUAGES}
              value={values.language}
              onChange={(v) => change('language', v)}
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Greeting style" htmlFor={fieldId('greeting')} error={errors.greeting}>
              <Input
                {...control('greeting')}
                placeholder="Dear"
                value={values.greeting}
                onChange={(e) => change('greeting', e.target.value)}
              />
            </FormField>
            <FormField label="Sign-off style" htmlFor={fieldId('signoff')} error={errors.signoff}>
              <Input
                {...control('signoff')}
                placeholder="Best regards"
                value={values.signoff}
                onChange={(e) => change('signoff', e.target.value)}
              />
            </FormField>
          </div>

          <FormField
            label="Conversation memory"
            htmlFor={fieldId('memory')}
            error={errors.memory}
            hint="What you have discussed before, so drafts can pick up where you left off."
          >
            <Textarea
              {...control('memory')}
              rows={3}
              value={values.memory}
              onChange={(e) => change('memory', e.target.value)}
            />
          </FormField>
          <FormField
            label="Context / notes"
            htmlFor={fieldId('context')}
            error={errors.context}
            hint="Who they are and anything the AI should keep in mind."
          >
            <Textarea
              {...control('context')}
              rows={3}
              value={values.context}
              onChange={(e) => change('context', e.target.value)}
            />
          </FormField>

          <DialogFooter className="items-center sm:justify-between">
            <div className="min-h-5 text-sm text-muted-foreground" role="status" aria-live="polite">
              {editing && <AutosaveIndicator status={closing ? 'saving' : autosave.status} />}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button
                type="button"
                variant="outline"
                disabled={closing}
                onClick={() => void requestClose()}
              >
                {editing ? 'Done' : 'Cancel'}
              </Button>
              <Button type="submit" disabled={busy || closing}>
                {busy && <Spinner size="sm" label="Saving" className="text-current" />}
                {editing ? 'Save Changes' : 'Add Contact'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function AutosaveIndicator({ status }: { status: AutosaveStatus }) {
  if (status === 'saving') {
    return (
      <span className="inline-flex items-center gap-2">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        Auto-saving...
      </span>
    )
  }
  if (status === 'saved') {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Check aria-hidden="true" className="size-4 text-success" />
        All changes saved
      </span>
    )
  }
  if (status === 'failed') {
    return (
      <span className="inline-flex items-center gap-1.5 text-destructive">
        <CircleAlert aria-hidden="true" className="size-4" />
        Changes not saved
      </span>
    )
  }
  return null
}
