import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Check, Sparkles } from 'lucide-react'
import { useLocation } from 'wouter'
import type { LearnedFromSentMail } from '../../../contract/ai'
import type { Contact, ContactSuggestion } from '../../../contract/contacts'
import { CONTACT_TONES, FORMALITIES, LANGUAGES } from '../../../contract/options'
import { Button } from '../../components/ui/button'
import { Progress } from '../../components/ui/progress'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { errorDetail } from '../../lib/error-detail'
import { optionLabel } from '../../lib/option-label'
import { useUserSettings } from '../../lib/queries/settings'
import {
  recentConversationToAnswer,
  useContactSuggestions,
  useLearnMyStyle,
  useSavePreference,
  type LearnStage,
  type Preference,
} from './api/onboarding'

const STAGES: Record<LearnStage | 'done', { value: number; text: string }> = {
  reading: { value: 1, text: 'Reading and analysing your sent mail…' },
  saving: { value: 2, text: 'Saving your writing profile…' },
  done: { value: 3, text: 'Done' },
}

/** "Learned from 42 sent e-mails in English and German". */
export function learnedText(learned: LearnedFromSentMail): string {
  const names = learned.languages.filter((l) => l.analysis).map((l) => optionLabel(l.language))
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  const n = learned.messageCount
  return `Learned from ${n} sent ${n === 1 ? 'e-mail' : 'e-mails'}${list ? ` in ${list}` : ''}.`
}

/** One click: the sent mail is read, analysed per language and saved as the default profile. */
export function LearnStyleStep() {
  const [stage, setStage] = useState<LearnStage>('reading')
  const learn = useLearnMyStyle(setStage)
  const shown = learn.isSuccess ? STAGES.done : STAGES[stage]
  return (
    <div className="grid gap-3">
      {!learn.isSuccess && (
        <Button
          className="justify-self-start"
          onClick={() => learn.mutate()}
          disabled={learn.isPending}
        >
          <Sparkles aria-hidden="true" /> Learn my style
        </Button>
      )}
      {(learn.isPending || learn.isSuccess) && (
        <Progress value={shown.value} max={3} aria-label="Learning your style" />
      )}
      <div role="status" aria-live="polite" className="min-h-5 text-sm">
        {learn.isPending && <span className="text-muted-foreground">{shown.text}</span>}
        {learn.isSuccess && (
          <span className="flex items-start gap-1.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {learnedText(learn.data.learned)} Saved as your default writing profile, “
              {learn.data.profile.name}”.
            </span>
          </span>
        )}
        {learn.isError && (
          <span className="text-destructive">
            {errorDetail(learn.error) ?? 'Your sent mail could not be read. Please try again.'}
          </span>
        )}
      </div>
    </div>
  )
}

/** The two or three people the user writes to most, each with three quick choices. */
export function PeopleStep() {
  const suggestions = useContactSuggestions(true)
  if (suggestions.isPending) {
    return <Spinner size="sm" label="Finding the people you write to most…" />
  }
  if (suggestions.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        The people you write to could not be found. You can set them later under Contacts.
      </p>
    )
  }
  if (suggestions.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Once you have sent some mail, the people you write to most show up here. You can add
        contacts any time under Contacts.
      </p>
    )
  }
  return (
    <ul className="grid gap-3" aria-label="People you write to most">
      {suggestions.data.map((person) => (
        <PersonRow key={person.email} person={person} />
      ))}
    </ul>
  )
}

function PersonRow({ person }: { person: ContactSuggestion }) {
  const settings = useUserSettings()
  const [saved, setSaved] = useState<Contact | null>(person.contact)
  const [preference, setPreference] = useState<Preference>(() => ({
    tone: person.contact?.tone ?? settings.defaultTone,
    formality: person.contact?.formality ?? 'formal',
    language: person.contact?.language ?? settings.defaultLanguage,
  }))
  const save = useSavePreference()
  const name = person.name || person.email

  const choose = (change: Preference) => {
    const chosen = { ...preference, ...change }
    setPreference(chosen)
    save.mutate(
      { person, saved, preference: chosen },
      { onSuccess: (contact) => setSaved(contact) },
    )
  }

  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="min-w-0 truncate font-medium">
          {name}
          {person.name && (
            <span className="font-normal text-muted-foreground"> · {person.email}</span>
          )}
        </span>
        <span className="text-xs text-muted-foreground">
          {person.count} sent {person.count === 1 ? 'e-mail' : 'e-mails'}
        </span>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <Choice
          label="Tone"
          name={name}
          options={CONTACT_TONES}
          value={preference.tone ?? 'professional'}
          onChange={(tone) => choose({ tone })}
        />
        <Choice
          label="Formality"
          name={name}
          options={FORMALITIES}
          value={preference.formality ?? 'formal'}
          onChange={(formality) => choose({ formality })}
        />
        <Choice
          label="Language"
          name={name}
          options={LANGUAGES}
          value={preference.language ?? 'english'}
          onChange={(language) => choose({ language })}
        />
      </div>
      <p role="status" aria-live="polite" className="min-h-4 text-xs text-muted-foreground">
        {save.isPending
          ? 'Saving…'
          : save.isError
            ? (errorDetail(save.error) ?? 'Not saved. Please try again.')
            : save.isSuccess
              ? 'Saved'
              : saved
                ? 'In your contacts'
                : ''}
      </p>
    </li>
  )
}

function Choice<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string
  name: string
  options: readonly T[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <div className="grid gap-1">
      <span aria-hidden="true" className="text-xs text-muted-foreground">
        {label}
      </span>
      <Select value={value} onValueChange={(v) => onChange(v as T)}>
        <SelectTrigger aria-label={`${label} for ${name}`} className="h-8 px-2 text-sm">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {optionLabel(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/** Opens the inbox on a recent conversation someone else wrote, with Smart Reply open on it. */
export function SmartReplyStep({ myEmail, onOpened }: { myEmail: string; onOpened: () => void }) {
  const [, navigate] = useLocation()
  const find = useMutation({
    mutationFn: () => recentConversationToAnswer(myEmail),
    onSuccess: (threadId) => {
      if (!threadId) return
      onOpened()
      // The inbox opens the conversation and, for `smart-reply`, its Smart Reply dialog.
      navigate(`/app?thread=${encodeURIComponent(threadId)}&smart-reply=1`)
    },
  })
  return (
    <div className="grid gap-2">
      <Button
        className="justify-self-start"
        onClick={() => find.mutate()}
        disabled={find.isPending}
      >
        <Sparkles aria-hidden="true" /> Try Smart Reply
      </Button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {find.isPending && 'Finding a recent conversation…'}
        {find.isSuccess &&
          !find.data &&
          'There is no conversation to answer in your inbox yet. Open any message later and choose Smart Reply.'}
        {find.isError && 'Your inbox could not be read. Please try again.'}
      </p>
    </div>
  )
}
