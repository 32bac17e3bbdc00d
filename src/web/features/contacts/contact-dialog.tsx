import { useEffect, useRef, useState } from 'react'
import { Check, CircleAlert, Loader2 } from 'lucide-react'
import { ContactInputSchema, type Contact, type ContactInput } from '../../../contract/contacts'
import { CONTACT_TONES, FORMALITIES, LANGUAGES } from '../../../contract/options'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormSelectField, FormTextField } from '../../components/ui/form'
import { Input } from '../../components/ui/input'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { ApiError } from '../../lib/api-client'
import { errorDetail } from '../../lib/error-detail'
import { usePlan } from '../../lib/queries/plan'
import { useWritingProfiles } from '../../lib/queries/writing-profiles'
import { useZodForm } from '../../lib/use-zod-form'
import { useCreateContact } from './api/create-contact'
import { useUpdateContact } from './api/update-contact'
import {
  canAutosave,
  contactFormValues,
  contactInput,
  type ContactFormValues,
} from './contact-form'
import { useAutosave, type AutosaveStatus } from './use-autosave'
import { WritingProfileField } from './writing-profile-field'

/** Spec section 9: contact autosave debounce. */
export const CONTACT_AUTOSAVE_DELAY_MS = 2000

/** Thrown by autosave when the form does not pass the schema: its errors show next to the fields. */
class InvalidForm extends Error {
  constructor() {
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
  const form = useZodForm(ContactInputSchema, contactFormValues(contact))
  const [closing, setClosing] = useState(false)
  const create = useCreateContact()
  const update = useUpdateContact()
  const autosaveUpdate = useUpdateContact()
  const { data: plan } = usePlan()
  const profiles = useWritingProfiles()
  /** Set once the user picks a writing profile here; until then saves leave it as stored. */
  const profileChosen = useRef(false)

  const autosave = useAutosave<ContactFormValues>({
    delay: CONTACT_AUTOSAVE_DELAY_MS,
    initial: contactFormValues(contact),
    save: async (next) => {
      const parsed = ContactInputSchema.safeParse(next)
      if (!parsed.success) throw new InvalidForm()
      if (contact) {
        const input = contactInput(parsed.data, profileChosen.current)
        await autosaveUpdate.mutateAsync({ id: contact.id, input })
      }
    },
    onError: (error) => {
      // Shown where the user is typing, without taking the focus away from them.
      if (error instanceof InvalidForm) return void form.trigger()
      toast({
        variant: 'destructive',
        title: 'Save failed',
        description: 'Your changes could not be saved. Please try again.',
      })
    },
  })

  // An edit saves itself a moment after each change, once name and e-mail are filled in.
  const { subscribe, getValues } = form
  const { schedule, cancel } = autosave
  useEffect(() => {
    if (!editing) return
    return subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (!name) return
        const values = getValues()
        if (canAutosave(values)) schedule(values)
        else cancel()
      },
    })
  }, [editing, subscribe, getValues, schedule, cancel])

  function add(input: ContactInput) {
    create.mutate(input, {
      onSuccess: onClose,
      onError: (error) => {
        const detail = errorDetail(error)
        if (detail && error instanceof ApiError && error.status === 409) {
          form.setError('email', { message: detail })
        }
        toast({ variant: 'destructive', title: 'Failed to create contact', description: detail })
      },
    })
  }

  async function save(id: string, input: ContactInput) {
    // The explicit save replaces a waiting autosave and goes after one already on the wire.
    autosave.cancel()
    await autosave.idle()
    update.mutate(
      { id, input },
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

  const submit = form.handleSubmit((parsed) => {
    const input = contactInput(parsed, profileChosen.current)
    return contact ? save(contact.id, input) : add(input)
  })

  /** Closing an edit saves what is still waiting; if that fails the dialog stays open. */
  async function requestClose() {
    if (!editing || !canAutosave(form.getValues())) return onClose()
    setClosing(true)
    const saved = await autosave.flush()
    setClosing(false)
    if (saved) onClose()
  }

  const busy = create.isPending || update.isPending

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

        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField form={form} name="name" label="Name">
              {(control) => <Input {...control} required autoComplete="off" />}
            </FormTextField>
            <FormTextField form={form} name="email" label="Email">
              {(control) => <Input {...control} type="email" required autoComplete="off" />}
            </FormTextField>
          </div>

          <div className="grid gap-4 sm:grid-cols-3">
            <FormSelectField form={form} name="tone" label="Tone" options={CONTACT_TONES} />
            <FormSelectField form={form} name="formality" label="Formality" options={FORMALITIES} />
            <FormSelectField form={form} name="language" label="Language" options={LANGUAGES} />
          </div>

          <WritingProfileField
            form={form}
            profiles={profiles.data}
            isPro={plan?.plan === 'pro'}
            onChoose={() => {
              profileChosen.current = true
            }}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField form={form} name="greeting" label="Greeting style">
              {(control) => <Input {...control} placeholder="Dear" />}
            </FormTextField>
            <FormTextField form={form} name="signoff" label="Sign-off style">
              {(control) => <Input {...control} placeholder="Best regards" />}
            </FormTextField>
          </div>

          <FormTextField
            form={form}
            name="memory"
            label="Conversation memory"
            hint="What you have discussed before, so drafts can pick up where you left off."
          >
            {(control) => <Textarea {...control} rows={3} />}
          </FormTextField>
          <FormTextField
            form={form}
            name="context"
            label="Context / notes"
            hint="Who they are and anything the AI should keep in mind."
          >
            {(control) => <Textarea {...control} rows={3} />}
          </FormTextField>

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
              {/* An edit saves itself as it goes: Done is its one way out, nothing to submit. */}
              {!editing && (
                <Button type="submit" disabled={busy || closing}>
                  {busy && <Spinner size="sm" label="Saving" className="text-current" />}
                  Add Contact
                </Button>
              )}
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
