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
import { useLogoutAll } from '../../lib/session/logout-all'

/** Confirms, then ends every Inkwell session of the account and lands on the sign-in screen. */
export function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const logoutAll = useLogoutAll()
  const confirm = () =>
    logoutAll.mutate(undefined, {
      onError: (error) => {
        onClose()
        toast({
          variant: 'destructive',
          title: 'Failed to sign out of all devices',
          description: errorDetail(error) ?? 'Please try again.',
        })
      },
    })
  return (
    <Dialog open onOpenChange={(open) => !open && !logoutAll.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Sign out of all devices</DialogTitle>
          <DialogDescription>
            Are you sure you want to sign out of Inkwell everywhere?
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          Every browser and device signed in to your account is signed out, this one included. Use
          it when you signed in on a computer that is not yours. Your Gmail connection stays.
        </p>
        <DialogFooter>
          <Button variant="outline" disabled={logoutAll.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={logoutAll.isPending} onClick={confirm}>
            {logoutAll.isPending && (
              <Spinner size="sm" label="Signing out" className="text-current" />
            )}
            Sign out everywhere
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
