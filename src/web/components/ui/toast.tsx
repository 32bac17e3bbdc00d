import * as ToastPrimitives from '@radix-ui/react-toast'
import { cva } from 'class-variance-authority'
import type { VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import type { ComponentProps, ReactElement } from 'react'
import { cn } from '../../lib/cn'

export const ToastProvider = ToastPrimitives.Provider

/** Top of the screen on small viewports, bottom-right from `sm` up. */
export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      className={cn(
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-hidden',
        'sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  )
}

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden',
    'rounded-lg border p-4 pr-10 shadow-lg transition-all',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
    'data-[state=open]:animate-toast-in-top sm:data-[state=open]:animate-toast-in-bottom',
    'data-[state=closed]:animate-toast-out data-[swipe=end]:animate-toast-swipe-out',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> &
  VariantProps<typeof toastVariants>

export function Toast({ className, variant, ...props }: ToastProps) {
  return (
    <ToastPrimitives.Root
      data-slot="toast"
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  )
}

/** A button inside a toast. `altText` is required: how to do the same without the toast. */
export function ToastAction({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center rounded-md border border-input bg-transparent px-3',
        'text-sm font-medium transition-colors outline-hidden hover:bg-accent hover:text-accent-foreground',
        'focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
        'group-[.destructive]:border-current/40 group-[.destructive]:hover:bg-current/10',
        'group-[.destructive]:hover:text-destructive-foreground group-[.destructive]:focus-visible:ring-current',
        className,
      )}
      {...props}
    />
  )
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      className={cn(
        'absolute top-2 right-2 inline-flex size-6 cursor-pointer items-center justify-center rounded-md',
        'text-current opacity-60 transition-opacity outline-hidden hover:opacity-100',
        'focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring group-[.destructive]:focus-visible:ring-current',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">Close</span>
    </ToastPrimitives.Close>
  )
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitives.Description>) {
  // Softened on the plain toast only: on the red one, 90% of its text colour falls under
  // WCAG's 4.5:1 (axe's one serious finding, issue 25); full strength holds it in both themes.
  return (
    <ToastPrimitives.Description
      className={cn('text-sm opacity-90 group-[.destructive]:opacity-100', className)}
      {...props}
    />
  )
}

export type ToastActionElement = ReactElement<ComponentProps<typeof ToastAction>>
