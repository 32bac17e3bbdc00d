import { useId, useState } from 'react'
import { SEND_LATER_MAX_DAYS } from '../../../../contract/scheduled'
import { describedControl, FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { fromLocalInput, toLocalInput, tomorrowMorning } from './send-later-presets'

/** The earliest the picker takes, from now: the server wants 30 s, a minute leaves room. */
export const PICK_MIN_LEAD_MS = 60_000
const DAY_MS = 24 * 60 * 60 * 1000

/** Why `value` cannot be chosen, or null when it can. */
export function pickedTimeError(value: string, now: Date): string | null {
  const at = fromLocalInput(value)
  if (!at) return 'Choose a date and a time.'
  if (at.getTime() < now.getTime() + PICK_MIN_LEAD_MS) {
    return 'Choose a time at least a minute from now.'
  }
  if (at.getTime() > now.getTime() + SEND_LATER_MAX_DAYS * DAY_MS) {
    return 'Choose a time within a year from now.'
  }
  return null
}

/** The user's time zone by name ("Europe/Paris"), for saying which clock the time is on. */
function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return 'your time zone'
  }
}

/**
 * "Pick date & time…" of Send later and of Change time: a date and time on the user's wall
 * clock (the browser's time zone), at least a minute ahead.
 */
export function PickTimeDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  initial,
  onPick,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  confirmLabel: string
  /** Where the picker starts; tomorrow morning when not given. */
  initial?: Date
  onPick: (at: Date) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        {/* Mounted afresh on each opening: the picker starts from its initial time again. */}
        {open && (
          <PickTimeForm
            title={title}
            confirmLabel={confirmLabel}
            initial={initial}
            onCancel={() => onOpenChange(false)}
            onPick={(at) => {
              onOpenChange(false)
              onPick(at)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function PickTimeForm({
  title,
  confirmLabel,
  initial,
  onCancel,
  onPick,
}: {
  title: string
  confirmLabel: string
  initial?: Date
  onCancel: () => void
  onPick: (at: Date) => void
}) {
  const id = useId()
  const [value, setValue] = useState(() => toLocalInput(initial ?? tomorrowMorning(new Date())))
  const [error, setError] = useState<string | null>(null)
  const now = new Date()

  return (
    <form
      className="grid gap-4"
      // Our own messages, under the field, rather than the browser's bubble.
      noValidate
      // React passes events up through the portal: Enter here is this form's, not the message's.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.stopPropagation()
      }}
      onSubmit={(event) => {
        event.preventDefault()
        // Stops the submit reaching the message form the dialog was opened from.
        event.stopPropagation()
        const problem = pickedTimeError(value, new Date())
        setError(problem)
        const at = fromLocalInput(value)
        if (!problem && at) onPick(at)
      }}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>In your time zone, {timeZoneName()}.</DialogDescription>
      </DialogHeader>
      <FormField label="Date and time" htmlFor={`${id}-at`} error={error ?? undefined}>
        <Input
          type="datetime-local"
          {...describedControl(`${id}-at`, { error: error ?? undefined })}
          value={value}
          min={toLocalInput(new Date(now.getTime() + PICK_MIN_LEAD_MS))}
          max={toLocalInput(new Date(now.getTime() + SEND_LATER_MAX_DAYS * DAY_MS))}
          required
          onChange={(event) => {
            setValue(event.target.value)
            setError(null)
          }}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{confirmLabel}</Button>
      </DialogFooter>
    </form>
  )
}
