import { useEffect, useSyncExternalStore } from 'react'
import type { Draft } from '../../../../contract/mail'
import type { ReplyMode } from '../compose/compose-handoff'

/**
 * Where an undone send reopens (decision 053): the editor it was written in, as the Drafts view
 * reopens a draft (handoffFromDraft). Compose takes it through the compose handoff; an already
 * open Compose starts again on it (`useComposeRound`). A reply written under a conversation
 * reopens under that conversation: the inbox opens it (`useReopenedReply`) and the reply editor
 * starts from the draft (`peekReopenedReply`).
 */

/** The message an Undo gave back, to reopen as the reply under `threadId`. */
export type ReopenedReply = { threadId: string; mode: ReplyMode; draft: Draft }

let composeRound = 0
let reply: ReopenedReply | null = null
let replyHosts = 0
const listeners = new Set<() => void>()

const emit = () => listeners.forEach((listener) => listener())
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A handoff was written for Compose: an open Compose starts again on it. */
export function reopenInCompose(): void {
  composeRound += 1
  emit()
}

/** Changes each time Compose is asked to start again: its editor's key. */
export function useComposeRound(): number {
  return useSyncExternalStore(subscribe, () => composeRound)
}

/** Hands the message back to the reply under its conversation. */
export function reopenReply(next: ReopenedReply): void {
  reply = next
  emit()
}

/** Whether a screen that shows conversations, and can open the reply, is on screen. */
export function replyHostShown(): boolean {
  return replyHosts > 0
}

/** The reply waiting to be reopened, for the screen that shows conversations. */
export function useReopenedReply(): ReopenedReply | null {
  useEffect(() => {
    replyHosts += 1
    return () => {
      replyHosts -= 1
    }
  }, [])
  return useSyncExternalStore(subscribe, () => reply)
}

/** The reply to reopen under `threadId`, if any; read by the reply editor as it starts. */
export function peekReopenedReply(threadId: string, mode: ReplyMode): ReopenedReply | null {
  return reply && reply.threadId === threadId && reply.mode === mode ? reply : null
}

/** The reply editor has taken it: it is not reopened twice. */
export function clearReopenedReply(taken: ReopenedReply): void {
  if (reply !== taken) return
  reply = null
  emit()
}
