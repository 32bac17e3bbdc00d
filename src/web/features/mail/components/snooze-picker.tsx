import { useId, useMemo, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import {
  formatSnoozeTime,
  fromLocalInput,
  snoozePresets,
  userTimeZone,
} from '../mailbox/snooze-presets'

/** A snooze is a minute to a year ahead (the contract's SNOOZE_MIN_MS and SNOOZE_MAX_MS). */
const MIN_AHEAD_MS = 60_000
const MAX_AHEAD_MS = 366 * 24 * 3_600_000

/**
 * `b`: the presets in the user's time zone (Later today, Tomorrow, This weekend, Next week),
 * or a date and time of their own.
 */
export function SnoozePicker({
  open,
  onOpenChange,
  onSnooze,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSnooze: (until: Date) => void
}) {
  const id = useId()
  const timeZone = useMemo(userTimeZone, [])
  // The presets of the moment the picker opened.
  const presets = useMemo(() => (open ? snoozePresets(new Date(), timeZone) : []), [open, timeZone])
  const [custom, setCustom] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const choose = (until: Date) => {
    onOpenChange(false)
    onSnooze(until)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const until = fromLocalInput(custom, timeZone)
    const ahead = until ? until.getTime() - Date.now() : 0
    if (!until) setProblem('Pick a date and a time')
    else if (ahead < MIN_AHEAD_MS) setProblem('Pick a time in the future')
    else if (ahead > MAX_AHEAD_MS) setProblem('Pick a time within a year')
    else choose(until)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Snooze until…</DialogTitle>
          <DialogDescription>
            It leaves the list and comes back to the top of the inbox.
          </DialogDescription>
        </DialogHeader>
        <div role="menu" aria-label="Snooze until" className="flex flex-col gap-0.5">
          {presets.map((preset, index) => (
            <button
              key={preset.key}
              type="button"
              role="menuitem"
              autoFocus={index === 0}
              onClick={() => choose(preset.until)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
                event.preventDefault()
                const items = [
                  ...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>(
                    '[role="menuitem"]',
                  ) ?? []),
                ]
                const at = items.indexOf(event.currentTarget)
                items[
                  (at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length
                ]?.focus()
              }}
              className="flex items-center justify-between rounded px-2 py-2 text-left text-sm outline-hidden hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span>{preset.name}</span>
              <span className="text-muted-foreground">
                {formatSnoozeTime(preset.until, timeZone)}
              </span>
            </button>
          ))}
        </div>
        <form onSubmit={submit} className="space-y-2 border-t border-border pt-3">
          <label htmlFor={`${id}-when`} className="text-sm font-medium">
            Pick date &amp; time
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-when`}
              type="datetime-local"
              value={custom}
              onChange={(event) => {
                setCustom(event.target.value)
                setProblem(null)
              }}
              aria-describedby={problem ? `${id}-problem` : undefined}
              aria-invalid={problem ? true : undefined}
            />
            <Button type="submit">Snooze</Button>
          </div>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  )
}
