import { ToastAction } from '../../components/ui/toast'
import { toast } from '../../components/ui/use-toast'
import { ApiError } from '../../lib/api-client'
import { UPGRADE_PITCH } from './credit-state'

/** The Upgrade button the AI limit toasts carry, as the spec's limit messages do; it goes to /upgrade. */
function upgradeAction(navigate: (to: string) => void) {
  return (
    <ToastAction altText="Upgrade from the Upgrade page" onClick={() => navigate('/upgrade')}>
      Upgrade
    </ToastAction>
  )
}

/** The client-side block, before any call, when the plan has no generation left. */
export function toastLimitReached(
  message: { title: string; description: string },
  navigate: (to: string) => void,
) {
  toast({ variant: 'destructive', ...message, action: upgradeAction(navigate) })
}

/** The server's error code in an ApiError's JSON body, when it sent one. */
function errorCode(error: ApiError): string | null {
  try {
    const code = (JSON.parse(error.bodyText) as { error?: { code?: unknown } }).error?.code
    return typeof code === 'string' ? code : null
  } catch {
    return null
  }
}

/**
 * A generation's failure: too many drafts being written at once, the 429 of an exhausted
 * allowance, or the screen's own message.
 */
export function toastGenerationFailure(
  error: unknown,
  failureTitle: string,
  navigate: (to: string) => void,
) {
  // Decision 043: waiting helps here and upgrading does not (Pro has the same limit).
  if (
    error instanceof ApiError &&
    error.status === 429 &&
    errorCode(error) === 'ai_generations_busy'
  ) {
    toast({
      variant: 'destructive',
      title: 'Drafts in progress',
      description: error.detail ?? 'Wait for a draft being written to finish, then try again.',
    })
    return
  }
  // The spec tests the message for '429'; the status says the same for our ApiError.
  const limited =
    (error instanceof ApiError && error.status === 429) ||
    (error instanceof Error && error.message.includes('429'))
  if (limited) {
    toast({
      variant: 'destructive',
      title: 'Usage Limit Reached',
      description: `You've reached your monthly AI email limit. ${UPGRADE_PITCH}`,
      action: upgradeAction(navigate),
    })
    return
  }
  toast({ variant: 'destructive', title: failureTitle })
}
