import type { Contact } from '../../../contract/contacts'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useDeleteContact } from './api/delete-contact'

/** The spec's delete confirmation, as a real dialog. */
export function DeleteContactDialog({
  contact,
  onClose,
}: {
  contact: Contact
  onClose: () => void
}) {
  const remove = useDeleteContact()
  const confirm = () =>
    remove.mutate(contact.id, {
      onSuccess: onClose,
      onError: (error) => {
        onClose()
        toast({
          variant: 'destructive',
          title: 'Failed to delete contact',
          description: errorDetail(error),
        })
      },
    })

  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete contact</DialogTitle>
          <DialogDescription>Are you sure you want to delete this contact?</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          <span className="font-medium">{contact.name}</span>{' '}
          <span className="text-muted-foreground">({contact.email})</span> and the writing
          preferences you set for them will be removed from Inkwell. Your Gmail is not changed.
        </p>
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending && <Spinner size="sm" label="Deleting" className="text-current" />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
