import { useId, type ReactNode } from 'react'
import {
  useController,
  useFormState,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form'
import { describedControl, FormField, OptionSelect } from '../form-field'
import { fieldErrorMessage, type ZodForm } from '../../lib/use-zod-form'
import { optionLabel } from '../../lib/option-label'

/** What a text control needs to be a field of the form: registered, labelled and described. */
export type FieldControl = UseFormRegisterReturn & ReturnType<typeof describedControl>

type FieldProps<Values extends FieldValues, Output> = {
  form: ZodForm<Values, Output>
  name: FieldPath<Values>
  label: string
  hint?: string
}

/**
 * A labelled field of a `useZodForm` form. `children` renders the control (an Input, a Textarea)
 * with the props given: it is registered with the form (so a failed submit can focus it), it is
 * `aria-invalid` while it has an error, and it is described by that error, or else by the hint.
 */
export function FormTextField<Values extends FieldValues, Output>({
  form,
  name,
  label,
  hint,
  children,
}: FieldProps<Values, Output> & { children: (control: FieldControl) => ReactNode }) {
  const id = useId()
  const { errors } = useFormState({ control: form.control, name })
  const error = fieldErrorMessage(errors, name)
  return (
    <FormField label={label} htmlFor={id} hint={hint} error={error}>
      {children({ ...form.register(name), ...describedControl(id, { hint, error }) })}
    </FormField>
  )
}

/** A labelled choice among fixed options, held by a `useZodForm` form like any other field. */
export function FormSelectField<Values extends FieldValues, Output, Option extends string>({
  form,
  name,
  label,
  hint,
  options,
  placeholder,
  labelOf = optionLabel,
}: FieldProps<Values, Output> & {
  options: readonly Option[]
  placeholder?: string
  labelOf?: (option: Option) => string
}) {
  const id = useId()
  const { field, formState } = useController({ control: form.control, name })
  return (
    <OptionSelect
      id={id}
      label={label}
      hint={hint}
      error={fieldErrorMessage(formState.errors, name)}
      options={options}
      value={(field.value ?? '') as Option | ''}
      placeholder={placeholder}
      labelOf={labelOf}
      onChange={field.onChange}
    />
  )
}
