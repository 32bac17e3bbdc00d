import { useId } from 'react'
import { useController } from 'react-hook-form'
import type { WritingProfile } from '../../../contract/profiles'
import { ProBadge } from '../../components/pro-badge'
import { Label } from '../../components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select'
import type { ZodForm } from '../../lib/use-zod-form'
import type { ContactFormValues } from './contact-form'

/** The select's value for "no profile of its own" (Radix gives no item an empty value). */
const DEFAULT = 'default'

export type WritingProfileFieldProps<Output> = {
  form: ZodForm<ContactFormValues, Output>
  /** The user's profiles; undefined while they load. */
  profiles: WritingProfile[] | undefined
  /** Only Pro chooses (decision 050); Free sees the choice, marked Pro, and cannot change it. */
  isPro: boolean
  /** Called when the user picks: from then on the dialog sends the choice with its saves. */
  onChoose: () => void
}

/**
 * Which writing profile drafts to this contact use: the default one, or one of the user's
 * own, chosen instead of it. A choice whose profile is gone shows as the default, which is what
 * the server made of it (the column is cleared with the profile).
 */
export function WritingProfileField<Output>({
  form,
  profiles,
  isPro,
  onChoose,
}: WritingProfileFieldProps<Output>) {
  const id = useId()
  const { field } = useController({ control: form.control, name: 'writingProfileId' })
  const chosen = field.value ? profiles?.find((profile) => profile.id === field.value) : undefined
  const value = chosen || (field.value && !profiles) ? field.value! : DEFAULT

  let hint = 'Drafts to this contact are written with this profile instead of your default one.'
  if (!isPro) {
    hint = chosen
      ? 'Kept from your Pro plan: drafts to this contact use your default profile while you are on Free.'
      : 'With Pro, drafts to this contact can be written with a profile of their own.'
  }

  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-center gap-2">
        <Label htmlFor={id}>Writing profile</Label>
        {!isPro && <ProBadge />}
      </div>
      <Select
        value={value}
        disabled={!isPro}
        onValueChange={(next) => {
          onChoose()
          field.onChange(next === DEFAULT ? null : next)
        }}
      >
        <SelectTrigger id={id} ref={field.ref} aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={DEFAULT}>Default profile</SelectItem>
          {profiles?.map((profile) => (
            <SelectItem key={profile.id} value={profile.id}>
              {profile.isDefault ? `${profile.name} (your default)` : profile.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}{' '}
        {!isPro && (
          <a href="/upgrade" className="underline underline-offset-2">
            Upgrade to Pro
          </a>
        )}
      </p>
    </div>
  )
}
