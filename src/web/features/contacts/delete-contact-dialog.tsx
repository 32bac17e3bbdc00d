import type { Contact } from '../../../contract/contacts'
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useDeleteContact } from './api/delete-contact'

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
    <ConfirmDeleteDialog
      title="Delete contact"
      question="Are you sure you want to delete this contact?"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <span className="font-medium">{contact.name}</span>{' '}
      <span className="text-muted-foreground">({contact.email})</span> and the writing preferences
      you set for them will be removed from Inkwell. Your Gmail is not changed.
    </ConfirmDeleteDialog>
  )
}
