import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import {
  DraftStreamEventSchema,
  type GeneratedDraft,
  type GenerateEmailInput,
  type SmartReplyInput,
  type Writer,
} from '../../../contract/ai'
import type { PlanInfo } from '../../../contract/billing'
import { postEventStream } from '../../lib/event-stream'
import { planQuery } from '../../lib/queries/plan'
import { toastGenerationFailure, toastLimitReached } from './ai-toasts'
import { limitReachedMessage } from './credit-state'

export type DraftRequest =
  | { kind: 'generate-email'; input: GenerateEmailInput }
  | { kind: 'smart-reply'; input: SmartReplyInput }

const URLS = {
  'generate-email': '/api/ai/generate-email',
  'smart-reply': '/api/ai/smart-reply',
} as const

export type DraftOutcome =
  | { outcome: 'done'; draft: GeneratedDraft }
  | { outcome: 'failed'; error: unknown }
  | { outcome: 'cancelled' }
  /** Not started: the plan had no generation left (the limit toast was shown). */
  | { outcome: 'blocked' }

export type DraftPhase = 'idle' | 'waiting' | 'streaming' | 'done' | 'failed' | 'cancelled'

/** An `error` event of the stream: the provider failed after the generation had started. */
export class DraftStreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'DraftStreamError'
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * One streamed generation at a time. The text goes to `onText` at most once per animation
 * frame however fast the deltas come, so a fast model never re-renders the editor per token.
 * A failure shows the screen's toast (`failureTitle`, or the 429's 'Usage Limit Reached');
 * whatever the outcome, the plan is refetched so the credit widgets follow at once.
 */
export function useDraftStream({
  failureTitle,
  onText,
}: {
  /** 'Failed to generate AI email' or 'Failed to generate smart reply'. */
  failureTitle: string
  /** The whole text so far (not a delta); called per animation frame while streaming. */
  onText: (text: string) => void
}) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [phase, setPhase] = useState<DraftPhase>('idle')
  const [writer, setWriter] = useState<Writer | null>(null)
  const running = useRef<AbortController | null>(null)
  const onTextRef = useRef(onText)
  onTextRef.current = onText

  // A screen that closes mid-stream cancels it (the server stops the provider).
  useEffect(() => () => running.current?.abort(), [])

  const cancel = useCallback(() => running.current?.abort(), [])

  /** Spec section 5: before generating, the plan must allow it; if not, the limit toast. */
  const allowed = useCallback((): boolean => {
    const plan = queryClient.getQueryData<PlanInfo>(planQuery.queryKey)
    if (!plan || plan.canGenerateAI) return true
    toastLimitReached(limitReachedMessage(plan), navigate)
    return false
  }, [navigate, queryClient])

  const start = useCallback(
    async (request: DraftRequest): Promise<DraftOutcome> => {
      if (!allowed()) return { outcome: 'blocked' }
      running.current?.abort()
      const controller = new AbortController()
      running.current = controller
      const current = () => running.current === controller

      let text = ''
      let frame: number | null = null
      const flush = () => {
        frame = null
        if (current()) onTextRef.current(text)
      }
      setPhase('waiting')
      setWriter(null)
      try {
        const events = postEventStream(
          URLS[request.kind],
          request.input,
          (data) => DraftStreamEventSchema.parse(data),
          controller.signal,
        )
        for await (const event of events) {
          if (event.type === 'start') {
            setWriter(event.writer)
          } else if (event.type === 'delta') {
            if (text === '') setPhase('streaming')
            text += event.text
            frame ??= requestAnimationFrame(flush)
          } else if (event.type === 'done') {
            if (frame !== null) cancelAnimationFrame(frame)
            // The server's final text is the one recorded; it is what the editor keeps.
            onTextRef.current(event.draft.content)
            setPhase('done')
            return { outcome: 'done', draft: event.draft }
          } else {
            throw new DraftStreamError(event.error.code, event.error.message)
          }
        }
        throw new DraftStreamError('stream_ended', 'The draft stopped before it was complete')
      } catch (error) {
        if (frame !== null) cancelAnimationFrame(frame)
        if (controller.signal.aborted && (isAbort(error) || current())) {
          if (current()) setPhase('cancelled')
          return { outcome: 'cancelled' }
        }
        if (current()) {
          setPhase('failed')
          toastGenerationFailure(error, failureTitle, navigate)
        }
        return { outcome: 'failed', error }
      } finally {
        if (current()) running.current = null
        // Used, refunded or unchanged: the widgets show the server's count either way.
        void queryClient.invalidateQueries({ queryKey: planQuery.queryKey })
      }
    },
    [allowed, failureTitle, navigate, queryClient],
  )

  const reset = useCallback(() => {
    running.current?.abort()
    running.current = null
    setPhase('idle')
    setWriter(null)
  }, [])

  const active = phase === 'waiting' || phase === 'streaming'
  return { phase, active, writer, allowed, start, cancel, reset }
}
