import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { fieldClasses } from './input'

export type TextareaProps = ComponentProps<'textarea'>

export function Textarea({ className, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldClasses, 'flex min-h-20 py-2 leading-relaxed', className)}
      {...props}
    />
  )
}
