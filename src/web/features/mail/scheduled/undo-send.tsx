import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Link, useLocation } from 'wouter'
import type { CancelledScheduled } from '../../../../contract/scheduled'
import { ToastAction } from '../../../components/ui/toast'
import { toast } from '../../../components/ui/use-toast'
import { ApiError } from '../../../lib/api-client'
import { errorDetail } from '../../../lib/error-detail'
import { useUserSettings } from '../../../lib/queries/settings'
import { draftsKey } from '../api/drafts'
import type { SendOutcome } from '../api/send-email'
import { handoffFromDraft, writeComposeHandoff, type ReplyMode } from '../compose/compose-handoff'
import type { SendOptions } from '../compose/use-message-editor'
import { isTypingTarget } from '../use-inbox-shortcuts'
import { reopenInCompose, reopenReply, replyHostShown } from './reopen'
import { cancelScheduled, listScheduled, SCHEDULED_KEY } from './scheduled-api'
import { scheduledSettled } from './scheduled-changes'
import { formatSendAt } from './send-later-presets'

/**
 * Send with Undo send and Send later (issue 24, decision 053), as Compose and the inline reply
 * do it: "Sending… Undo" shows at the click, for the user's window; Undo (the toast, or Shift+Z
 * anywhere in the app meanwhile) cancels the waiting message and reopens it where it was
 * written. A Send later says when it goes, with its own Undo and a link to Scheduled.
 */

/** Where the message was written: where Undo reopens it. */
export type SendOrigin = { in: 'compose' } | { in: 'reply'; threadId: string; mode: ReplyMode }

type Navigate = (to: string) => void

/** How long "Email sent" and a Send later's confirmation stay up. */
export const SENT_TOAST_MS = 4_000
export const SCHEDULED_TOAST_MS = 10_000

/** The Undo that Shift+Z does now, while its toast is up; one at a time, as the toasts. */
let armed: (() => void) | null = null

function onUndoKey(event: KeyboardEvent) {
  if (!armed || event.key !== 'Z' || !event.shiftKey) return
  if (event.ctrlKey || event.metaKey || event.altKey) return
  if (event.isComposing || isTypingTarget(event.target)) return
  event.preventDefault()
  armed()
}

/** Shift+Z does `undo` until the returned function is called (or another send arms it). */
function arm(undo: () => void): () => void {
  if (!armed) document.addEventListener('keydown', onUndoKey)
  armed = undo
  return () => {
    if (armed !== undo) return
    armed = null
    document.removeEventListener('keydown', onUndoKey)
  }
}

/** Opens the cancelled message again in the editor it was written in, as Drafts reopens one. */
export function reopenWhereWritten(
  origin: SendOrigin,
  cancelled: CancelledScheduled,
  navigate: Navigate,
): boolean {
  const { draft } = cancelled
  if (!draft) return false
  if (origin.in === 'compose') {
    writeComposeHandoff({ ...handoffFromDraft(draft), aiDraftId: cancelled.aiDraftId ?? undefined })
    reopenInCompose()
    navigate('/compose')
  } else {
    reopenReply({ threadId: origin.threadId, mode: origin.mode, draft })
    // Not in the mailbox any more: back to the conversation, where the reply opens again.
    if (!replyHostShown()) navigate(`/inbox?thread=${encodeURIComponent(origin.threadId)}`)
  }
  return true
}

/** Cancels a waiting message (Undo) and reopens it; says how it went. */
export async function undoWaitingSend({
  id,
  kind,
  origin,
  navigate,
  queryClient,
}: {
  id: string
  kind: 'later' | 'undo'
  origin: SendOrigin
  navigate: Navigate
  queryClient: QueryClient
}): Promise<void> {
  const title = kind === 'undo' ? 'Sending undone' : 'Send later cancelled'
  toast({ title: kind === 'undo' ? 'Undoing…' : 'Cancelling…', duration: Infinity })
  try {
    const cancelled = await cancelScheduled(id)
    void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY })
    void queryClient.invalidateQueries({ queryKey: draftsKey })
    if (reopenWhereWritten(origin, cancelled, navigate)) {
      toast({ title, description: 'Your message is open again, as you left it.' })
    } else {
      toast({
        title,
        description: 'The message is kept in Drafts, but Gmail could not give it back here.',
      })
    }
  } catch (error) {
    const tooLate = error instanceof ApiError && error.status === 409
    toast({
      variant: 'destructive',
      title: tooLate ? 'Too late to undo' : 'Could not undo',
      description: errorDetail(error),
    })
  }
}

/**
 * Send for an editor (`send` of useMessageEditor), with the toasts and Undo of decision 053.
 * Resolves to what Send did, or null when it was not sent (the editor said why).
 */
export function useSendWithUndo(
  send: (options: SendOptions) => Promise<SendOutcome | null>,
  origin: SendOrigin,
) {
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { undoSendSeconds } = useUserSettings()

  return async ({ sendAt, aiDraftId }: { sendAt?: Date; aiDraftId?: string } = {}) => {
    const clickedAt = Date.now()
    // Undefined until the server answers: an Undo pressed before then waits for the answer.
    let outcome: SendOutcome | null | undefined = undefined
    let undoAsked = false
    let disarm = () => {}
    let sending: ReturnType<typeof toast> | null = null
    const undo = () => {
      if (undoAsked) return
      undoAsked = true
      disarm()
      if (outcome === undefined) toast({ title: 'Undoing…', duration: Infinity })
      else if (outcome?.status === 'waiting') {
        void undoWaitingSend({
          id: outcome.scheduledId,
          kind: outcome.kind,
          origin,
          navigate,
          queryClient,
        })
      }
    }
    const undoAction = (
      <ToastAction altText="Undo (Shift+Z)" onClick={undo}>
        Undo
      </ToastAction>
    )

    outcome = await send({
      aiDraftId,
      sendAt,
      onStart: () => {
        if (sendAt) {
          toast({ title: 'Scheduling…', duration: Infinity })
          return
        }
        sending = toast({
          title: 'Sending…',
          duration: Infinity,
          action: undoAction,
          // Closed without Undo: Shift+Z no longer takes it back either.
          onOpenChange: (open) => {
            if (!open) disarm()
          },
        })
        disarm = arm(undo)
      },
    })

    if (!outcome) {
      disarm()
      return null
    }
    if (outcome.status === 'sent') {
      disarm()
      if (undoAsked) {
        toast({
          variant: 'destructive',
          title: 'Too late to undo',
          description: 'Undo send is off in Settings, so the message went at once.',
        })
      } else {
        toast({
          title: 'Email sent',
          duration: SENT_TOAST_MS,
          action: viewAction(outcome.threadId),
        })
      }
      return outcome
    }
    if (undoAsked) {
      void undoWaitingSend({
        id: outcome.scheduledId,
        kind: outcome.kind,
        origin,
        navigate,
        queryClient,
      })
      return outcome
    }
    if (outcome.kind === 'later') {
      const shown = toast({
        title: `Scheduled for ${formatSendAt(new Date(outcome.sendAt))}`,
        description: (
          <Link href="/app/scheduled" className="underline underline-offset-2">
            See it in Scheduled
          </Link>
        ),
        duration: SCHEDULED_TOAST_MS,
        action: undoAction,
      })
      disarm = arm(undo)
      setTimeout(() => {
        disarm()
        shown.dismiss()
      }, SCHEDULED_TOAST_MS)
      return outcome
    }
    // The Undo send window, counted from the click, as the user saw it start.
    const left = Math.max(clickedAt + undoSendSeconds * 1000 - Date.now(), 1000)
    const scheduledId = outcome.scheduledId
    setTimeout(() => {
      if (undoAsked) return
      disarm()
      // The same toast says how it went (if still up: a later toast is not replaced), once the
      // server has really sent it: the window's end is only when its job may start.
      void whenGone(scheduledId).then((failure) => {
        if (failure === null) sending?.update({ title: 'Email sent', action: undefined })
        else {
          sending?.update({
            variant: 'destructive',
            title: 'Email not sent',
            description: `${failure} The message is kept in Drafts.`,
            action: undefined,
          })
        }
        setTimeout(() => sending?.dismiss(), SENT_TOAST_MS)
      })
    }, left)
    return outcome

    function viewAction(threadId: string) {
      if (origin.in !== 'compose') return undefined
      return (
        <ToastAction
          altText="Open the conversation from the inbox"
          onClick={() => navigate(`/inbox?thread=${encodeURIComponent(threadId)}`)}
        >
          View
        </ToastAction>
      )
    }
  }
}

/** How long "Email sent" waits for the live stream's word before asking the list again. */
const UNHEARD_RECHECK_MS = 5_000
const GIVE_UP_MS = 60_000

/**
 * Waits until a waiting send has left the scheduled list (sent) or failed; resolves to null
 * when sent, or to the reason it failed. The list is asked again when the live stream says the
 * message went or failed, or after UNHEARD_RECHECK_MS without a word (a stream reconnecting).
 * Gives up after a minute, saying nothing went wrong that it saw: the Scheduled view shows
 * what happened.
 */
async function whenGone(id: string): Promise<string | null> {
  const giveUpAt = Date.now() + GIVE_UP_MS
  while (Date.now() < giveUpAt) {
    const found = await listScheduled()
      .then((list) => list.scheduled.find((row) => row.id === id) ?? null)
      .catch(() => undefined)
    if (found === null) return null
    if (found?.status === 'failed') return found.error ?? 'Gmail refused it.'
    await scheduledSettled(id, UNHEARD_RECHECK_MS)
  }
  return null
}
