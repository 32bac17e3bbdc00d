import { useId, type ReactNode } from 'react'
import { Label } from './ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select'
import { optionLabel } from '../lib/option-label'

type Described = { hint?: string; error?: string }

/**
 * What a field's control says about itself: invalid while it has an error, described by that
 * error or else by its hint. The ids match what FormField renders for the same `id`.
 */
export function describedControl(id: string, { hint, error }: Described) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  }
}

/**
 * A label over its control (`children`, whose id is `htmlFor`), with the error under it, or
 * the hint when there is no error. Every form in the app lays its fields out with this.
 */
export function FormField({
  label,
  htmlFor,
  hint,
  error,
  children,
}: Described & { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${htmlFor}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  )
}

/** A labelled select over a fixed list of options, named by `labelOf` (optionLabel unless said). */
export function OptionSelect<T extends string>({
  label,
  id: givenId,
  options,
  value,
  hint,
  error,
  placeholder,
  required,
  labelOf = optionLabel,
  onChange,
}: Described & {
  label: string
  /** The trigger's id; generated when the form does not need to know it. */
  id?: string
  options: readonly T[]
  value: T | ''
  placeholder?: string
  required?: boolean
  labelOf?: (option: T) => string
  onChange: (value: T) => void
}) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  return (
    <FormField label={label} htmlFor={id} hint={hint} error={error}>
      <Select value={value} onValueChange={(v) => onChange(v as T)} required={required}>
        <SelectTrigger
          {...describedControl(id, { hint, error })}
          aria-required={required || undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labelOf(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  )
}
