import { useId } from 'react'
import { useController } from 'react-hook-form'
import type { SuggestedTraits } from '../../../contract/ai'
import type { WritingProfile, WritingProfileInput } from '../../../contract/profiles'
import {
  PROFILE_STYLES,
  PROFILE_TONES,
  SENTENCE_STRUCTURES,
  VOCABULARIES,
} from '../../../contract/options'
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
import { errorDetail } from '../../lib/error-detail'
import { fieldErrorMessage, useZodForm } from '../../lib/use-zod-form'
import { useCreateWritingProfile } from './api/create-writing-profile'
import { useUpdateWritingProfile } from './api/update-writing-profile'
import { formatList, ProfileFormSchema, profileFormValues } from './profile-form'
import { WritingSample } from './writing-sample'

const LIST_HINT = 'Separate with commas or new lines.'

export type ProfileDialogProps = {
  /** The profile to edit; absent to create one (with the writing-sample section). */
  profile?: WritingProfile
  onClose: () => void
}

export function ProfileDialog({ profile, onClose }: ProfileDialogProps) {
  const editing = profile !== undefined
  const form = useZodForm(ProfileFormSchema, profileFormValues(profile))
  const sample = useController({ control: form.control, name: 'exampleText' })
  const sampleId = useId()
  const create = useCreateWritingProfile()
  const update = useUpdateWritingProfile()
  const busy = create.isPending || update.isPending

  /** Suggested traits fill the form; the user still reviews and saves (decision 034). */
  function applyTraits(traits: SuggestedTraits) {
    const fill = { shouldDirty: true } as const
    form.setValue('tone', traits.tone, fill)
    form.setValue('style', traits.style, fill)
    form.setValue('vocabulary', traits.vocabulary, fill)
    form.setValue('sentenceStructure', traits.sentenceStructure, fill)
    if (traits.commonPhrases.length) {
      form.setValue('commonPhrases', formatList(traits.commonPhrases), fill)
    }
    if (traits.signatureStyle !== null) form.setValue('signatureStyle', traits.signatureStyle, fill)
  }

  function save(input: WritingProfileInput) {
    const onError = (title: string) => (error: Error) =>
      toast({ variant: 'destructive', title, description: errorDetail(error) })
    if (profile) {
      update.mutate(
        { id: profile.id, input },
        { onSuccess: onClose, onError: onError('Failed to update writing profile') },
      )
    } else {
      create.mutate(input, {
        onSuccess: onClose,
        onError: onError('Failed to create writing profile'),
      })
    }
  }

  const submit = form.handleSubmit(save)
  const select = <T extends string>(
    name: 'tone' | 'style' | 'vocabulary' | 'sentenceStructure',
    label: string,
    options: readonly T[],
  ) => (
    <FormSelectField
      form={form}
      name={name}
      label={label}
      options={options}
      placeholder={`Choose ${label.toLowerCase()}`}
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

        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <FormTextField form={form} name="name" label="Profile name">
            {(control) => <Input {...control} required autoComplete="off" />}
          </FormTextField>
          <FormTextField
            form={form}
            name="description"
            label="Description"
            hint="Optional: when you use this profile."
          >
            {(control) => <Textarea {...control} rows={2} />}
          </FormTextField>
          <div className="grid gap-4 sm:grid-cols-2">
            {select('tone', 'Tone', PROFILE_TONES)}
            {select('style', 'Style', PROFILE_STYLES)}
            {select('vocabulary', 'Vocabulary', VOCABULARIES)}
            {select('sentenceStructure', 'Sentence structure', SENTENCE_STRUCTURES)}
          </div>
          <FormTextField
            form={form}
            name="personalityTraits"
            label="Personality traits"
            hint={LIST_HINT}
          >
            {(control) => <Textarea {...control} rows={2} placeholder="warm, curious, precise" />}
          </FormTextField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField form={form} name="commonPhrases" label="Common phrases" hint={LIST_HINT}>
              {(control) => <Textarea {...control} rows={2} placeholder="Happy to help" />}
            </FormTextField>
            <FormTextField
              form={form}
              name="avoidPhrases"
              label="Phrases to avoid"
              hint={LIST_HINT}
            >
              {(control) => <Textarea {...control} rows={2} placeholder="Per my last e-mail" />}
            </FormTextField>
          </div>
          <FormTextField form={form} name="signatureStyle" label="Signature style">
            {(control) => <Input {...control} placeholder="Best, Sam" />}
          </FormTextField>
          <WritingSample
            id={sampleId}
            value={sample.field.value}
            error={fieldErrorMessage(form.formState.errors, 'exampleText')}
            onChange={sample.field.onChange}
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
