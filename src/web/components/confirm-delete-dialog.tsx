import type { ReactNode } from 'react'
import { Button } from './ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog'
import { Spinner } from './ui/spinner'

/** A delete confirmation as a real dialog: the spec's question, what goes, Cancel / Delete. */
export function ConfirmDeleteDialog({
  title,
  question,
  children,
  pending,
  onConfirm,
  onClose,
}: {
  title: string
  question: string
  /** What deleting removes, in the user's words. */
  children: ReactNode
  pending: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{question}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">{children}</p>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending && <Spinner size="sm" label="Deleting" className="text-current" />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
