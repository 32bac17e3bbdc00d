import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { DELETE_ACCOUNT_CONFIRMATION } from '../../../contract/account'
import { useDeleteAccount } from './api/delete-account'

/** Asks the user to type DELETE, then deletes the account and ends at the sign-in screen. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const [typed, setTyped] = useState('')
  const remove = useDeleteAccount()
  const id = useId()
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!confirmed || remove.isPending) return
    remove.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to delete account',
          description: errorDetail(error) ?? 'Please try again.',
        }),
    })
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Account</DialogTitle>
          <DialogDescription>
            This permanently deletes your Inkwell account and everything in it: contacts, writing
            profiles, drafts, settings and the support tickets you sent while signed in. Inkwell's
            access to Google is revoked; the mail in your Gmail stays where it is. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Type {DELETE_ACCOUNT_CONFIRMATION} to confirm</Label>
            <Input
              id={id}
              value={typed}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={remove.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending && <Spinner size="sm" label="Deleting" className="text-current" />}
              Delete Account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
