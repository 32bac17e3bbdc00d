import { useId } from 'react'
import { Label } from '../../../components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select'
import { optionLabel } from '../../../lib/option-label'

/** A labelled select over a fixed list of options, with an optional hint under it. */
export function OptionSelect<T extends string>({
  label,
  options,
  value,
  hint,
  onChange,
}: {
  label: string
  options: readonly T[]
  value: T
  hint?: string
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as T)}>
        <SelectTrigger id={id} aria-describedby={hint ? `${id}-hint` : undefined}>
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
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}
