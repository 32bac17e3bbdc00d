import { DropdownMenuItem } from '../../../components/ui/dropdown-menu'
import { formatSendAt, mondayMorning, tomorrowMorning } from './send-later-presets'

/**
 * Send later's choices as menu items (the Send menu and Change time): Tomorrow morning and
 * Monday morning, each with the moment it means on the user's clock, then the date & time
 * picker.
 */
export function TimeChoiceItems({
  onChoose,
  onPickDate,
}: {
  onChoose: (at: Date) => void
  onPickDate: () => void
}) {
  const now = new Date()
  const presets = [
    { label: 'Tomorrow morning', at: tomorrowMorning(now) },
    { label: 'Monday morning', at: mondayMorning(now) },
  ]
  return (
    <>
      {presets.map(({ label, at }) => (
        <DropdownMenuItem key={label} onSelect={() => onChoose(at)}>
          <span className="flex-1">{label}</span>
          <span className="pl-4 text-xs text-muted-foreground">{formatSendAt(at)}</span>
        </DropdownMenuItem>
      ))}
      <DropdownMenuItem onSelect={onPickDate}>Pick date &amp; time…</DropdownMenuItem>
    </>
  )
}
