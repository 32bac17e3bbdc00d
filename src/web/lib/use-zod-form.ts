import { useEffect } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  useForm,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type DefaultValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form'
import type { z } from 'zod'

/** A form whose fields hold `Values` and whose submit hands over what the schema made of them. */
export type ZodForm<Values extends FieldValues, Output> = UseFormReturn<Values, unknown, Output>

/**
 * The one way the app's dialogs hold a form: react-hook-form, checked by a contract schema
 * (the single source of truth for what is valid), so the messages are the spec's.
 *
 * - Errors appear on submit (or when the caller asks with `trigger`), not while the user types;
 *   editing a field takes its error away until the next check.
 * - A submit that fails focuses the first invalid field (in the order the fields render).
 * - `Values`, what the fields hold, must be an input the schema accepts whole: that is what makes
 *   the schema's resolver a resolver for these values.
 */
export function useZodForm<
  Schema extends z.ZodType<FieldValues, FieldValues>,
  Values extends z.input<Schema> & FieldValues,
>(schema: Schema, defaultValues: Values): ZodForm<Values, z.output<Schema>> {
  const form = useForm<Values, unknown, z.output<Schema>>({
    // Sound because Values is narrower than the schema's input (the constraint above).
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<Schema>>,
    // Read once, when the form mounts: what the user types is never reset by a re-render.
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    criteriaMode: 'firstError',
    shouldFocusError: true,
  })
  const { subscribe, getFieldState, clearErrors } = form

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const field = name as FieldPath<Values> | undefined
          if (field && getFieldState(field).error) clearErrors(field)
        },
      }),
    [subscribe, getFieldState, clearErrors],
  )

  return form
}

/**
 * The message to show under a field. A list field checked item by item (a profile's phrases)
 * has its errors one level down; the first one found is shown, as for any other field.
 */
export function fieldErrorMessage<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  name: FieldPath<Values>,
): string | undefined {
  return firstMessage((errors as Record<string, unknown>)[name])
}

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { message } = error as Partial<FieldError>
  if (typeof message === 'string' && message) return message
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref') continue
    const found = firstMessage(nested)
    if (found) return found
  }
  return undefined
}
