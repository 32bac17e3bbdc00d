import type { WritingProfile } from '../../../contract/profiles'
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useDeleteWritingProfile } from './api/delete-writing-profile'

export function DeleteProfileDialog({
  profile,
  onClose,
}: {
  profile: WritingProfile
  onClose: () => void
}) {
  const remove = useDeleteWritingProfile()
  const confirm = () =>
    remove.mutate(profile.id, {
      onSuccess: onClose,
      onError: (error) => {
        onClose()
        toast({
          variant: 'destructive',
          title: 'Failed to delete writing profile',
          description: errorDetail(error),
        })
      },
    })
  return (
    <ConfirmDeleteDialog
      title="Delete writing profile"
      question="Are you sure you want to delete this writing profile?"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <span className="font-medium">{profile.name}</span> will be removed. Drafts already written
      with it are kept.
    </ConfirmDeleteDialog>
  )
}
