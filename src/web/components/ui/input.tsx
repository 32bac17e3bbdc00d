import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** Shared by Input, Textarea and SelectTrigger so form controls look and focus alike. */
export const fieldClasses = [
  'w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs',
  'transition-[color,border-color,box-shadow] outline-hidden placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
].join(' ')

export type InputProps = ComponentProps<'input'>

export function Input({ className, type = 'text', ...props }: InputProps) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        fieldClasses,
        'flex h-9 py-1',
        'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  )
}
