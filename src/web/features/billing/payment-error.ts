import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'

/** The spec's checkout failure toast: the server's explanation, or its fixed fallback. */
export function showPaymentError(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Payment Error',
    description: errorDetail(error) ?? 'Failed to start checkout process. Please try again.',
  })
}
