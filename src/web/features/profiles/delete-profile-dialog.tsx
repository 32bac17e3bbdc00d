import type { WritingProfile } from '../../../contract/profiles'
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
import { useDeleteWritingProfile } from './api/delete-writing-profile'

/** The spec's delete confirmation, as a real dialog. */
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
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete writing profile</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete this writing profile?
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          <span className="font-medium">{profile.name}</span> will be removed. Drafts already
          written with it are kept.
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
