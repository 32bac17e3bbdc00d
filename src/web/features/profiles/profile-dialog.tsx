import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { SuggestedTraits } from '../../../contract/ai'
import type { WritingProfile } from '../../../contract/profiles'
import {
  PROFILE_STYLES,
  PROFILE_TONES,
  SENTENCE_STRUCTURES,
  VOCABULARIES,
} from '../../../contract/options'
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
import { errorDetail } from '../../lib/error-detail'
import { useCreateWritingProfile } from './api/create-writing-profile'
import { useUpdateWritingProfile } from './api/update-writing-profile'
import {
  formatList,
  parseProfileForm,
  profileFormValues,
  type ProfileFormErrors,
  type ProfileFormValues,
} from './profile-form'
import { WritingSample } from './writing-sample'

type Field = keyof ProfileFormValues

const LIST_HINT = 'Separate with commas or new lines.'
const HINTS: Partial<Record<Field, string>> = {
  description: 'Optional: when you use this profile.',
  personalityTraits: LIST_HINT,
  commonPhrases: LIST_HINT,
  avoidPhrases: LIST_HINT,
}

export type ProfileDialogProps = {
  /** The profile to edit; absent to create one (with the writing-sample section). */
  profile?: WritingProfile
  onClose: () => void
}

export function ProfileDialog({ profile, onClose }: ProfileDialogProps) {
  const editing = profile !== undefined
  const [values, setValues] = useState(() => profileFormValues(profile))
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const formRef = useRef<HTMLFormElement>(null)
  const create = useCreateWritingProfile()
  const update = useUpdateWritingProfile()
  const busy = create.isPending || update.isPending
  const id = useId()

  function change<K extends Field>(field: K, value: ProfileFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest as ProfileFormErrors)
  }

  /** Suggested traits fill the form; the user still reviews and saves (decision 034). */
  function applyTraits(traits: SuggestedTraits) {
    setValues((current) => ({
      ...current,
      tone: traits.tone,
      style: traits.style,
      vocabulary: traits.vocabulary,
      sentenceStructure: traits.sentenceStructure,
      commonPhrases: traits.commonPhrases.length
        ? formatList(traits.commonPhrases)
        : current.commonPhrases,
      signatureStyle: traits.signatureStyle ?? current.signatureStyle,
    }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseProfileForm(values)
    if (!parsed.ok) {
      setErrors(parsed.errors)
      const first = Object.keys(parsed.errors)[0]
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    const onError = (title: string) => (error: Error) =>
      toast({ variant: 'destructive', title, description: errorDetail(error) })
    if (profile) {
      update.mutate(
        { id: profile.id, input: parsed.input },
        { onSuccess: onClose, onError: onError('Failed to update writing profile') },
      )
    } else {
      create.mutate(parsed.input, {
        onSuccess: onClose,
        onError: onError('Failed to create writing profile'),
      })
    }
  }

  const fieldId = (field: Field) => `${id}-${field}`
  const text = (field: Field) => ({
    ...describedControl(fieldId(field), { hint: HINTS[field], error: errors[field] }),
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
  })
  const wrap = (field: Field, label: string, input: ReactNode) => (
    <FormField label={label} htmlFor={fieldId(field)} hint={HINTS[field]} error={errors[field]}>
      {input}
    </FormField>
  )
  const select = <T extends string>(field: Field, label: string, options: readonly T[]) => (
    <OptionSelect
      id={fieldId(field)}
      label={label}
      options={options}
      value={values[field] as T | ''}
      hint={HINTS[field]}
      error={errors[field]}
      placeholder={`Choose ${label.toLowerCase()}`}
      onChange={(v) => change(field, v)}
    />
  )

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Writing Profile' : 'Create Writing Profile'}</DialogTitle>
          <DialogDescription>
            Describe how you write, so AI drafts sound like you.
          </DialogDescription>
        </DialogHeader>

        <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
          {wrap('name', 'Profile name', <Input {...text('name')} required autoComplete="off" />)}
          {wrap('description', 'Description', <Textarea {...text('description')} rows={2} />)}
          <div className="grid gap-4 sm:grid-cols-2">
            {select('tone', 'Tone', PROFILE_TONES)}
            {select('style', 'Style', PROFILE_STYLES)}
            {select('vocabulary', 'Vocabulary', VOCABULARIES)}
            {select('sentenceStructure', 'Sentence structure', SENTENCE_STRUCTURES)}
          </div>
          {wrap(
            'personalityTraits',
            'Personality traits',
            <Textarea
              {...text('personalityTraits')}
              rows={2}
              placeholder="warm, curious, precise"
            />,
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {wrap(
              'commonPhrases',
              'Common phrases',
              <Textarea {...text('commonPhrases')} rows={2} placeholder="Happy to help" />,
            )}
            {wrap(
              'avoidPhrases',
              'Phrases to avoid',
              <Textarea {...text('avoidPhrases')} rows={2} placeholder="Per my last e-mail" />,
            )}
          </div>
          {wrap(
            'signatureStyle',
            'Signature style',
            <Input {...text('signatureStyle')} placeholder="Best, Sam" />,
          )}
          <WritingSample
            id={fieldId('exampleText')}
            value={values.exampleText}
            error={errors.exampleText}
            onChange={(v) => change('exampleText', v)}
            onApplyTraits={applyTraits}
          />

          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner size="sm" label="Saving" className="text-current" />}
              {editing ? 'Save Changes' : 'Create Profile'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
