import { CreditCard } from 'lucide-react'
import { Button, type ButtonProps } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useOpenBillingPortal } from './api/open-billing-portal'

/** 'Manage billing': the payment provider's portal, where Pro is cancelled or paid for. */
export function ManageBillingButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const portal = useOpenBillingPortal()
  const open = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to open billing',
          description: errorDetail(error) ?? 'Please try again.',
        }),
    })
  // Busy until the browser has left for the portal.
  const busy = portal.isPending || portal.isSuccess
  return (
    <Button {...props} disabled={busy} onClick={open}>
      {busy ? <Spinner size="sm" label="Opening billing" /> : <CreditCard aria-hidden="true" />}
      Manage billing
    </Button>
  )
}
