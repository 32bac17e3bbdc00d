import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import {
  DraftStreamEventSchema,
  type GeneratedDraft,
  type GenerateEmailInput,
  type RefineInput,
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
  | { kind: 'refine'; input: RefineInput }

const URLS = {
  'generate-email': '/api/ai/generate-email',
  'smart-reply': '/api/ai/smart-reply',
  refine: '/api/ai/refine',
} as const

export type DraftOutcome =
  | { outcome: 'done'; draft: GeneratedDraft }
  | { outcome: 'failed'; error: unknown }
  /**
   * Stopped by the user (or the screen closing). `text` is what had been written, already
   * handed to `onText`: the screen keeps it. Empty when no words had come, and then the server
   * refunded the credit (decision 012).
   */
  | { outcome: 'cancelled'; text: string }
  /** Not started: the plan had no generation left (the limit toast was shown). */
  | { outcome: 'blocked' }

export type DraftPhase = 'idle' | 'waiting' | 'streaming' | 'done' | 'failed' | 'cancelled'

/**
 * What the last generation cost, by decision 012's rules: a complete draft, or one stopped after
 * its first words, spends a credit; a failure, or a stop before any words, is refunded.
 */
export type DraftCharge = 'spent' | 'refunded'

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

/** How long after a stop the plan is read again, for the server's refund (decision 012). */
const REFUND_SETTLE_MS = 1000

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * One streamed generation at a time, for every generation call (compose, smart reply, refine).
 * The first words go to `onText` as they come; after them the text goes at most once per
 * animation frame however fast the deltas come, so a fast model never re-renders the editor
 * per token. Stopped, the words so far stay with the screen. A failure shows the screen's toast
 * (`failureTitle`, or the 429's 'Usage Limit Reached'); whatever the outcome, the plan is
 * refetched so the credit widgets follow at once, and `charge` says what it cost.
 */
export function useDraftStream({
  failureTitle,
  onText,
}: {
  /** 'Failed to generate AI email' or 'Failed to generate smart reply'. */
  failureTitle: string
  /** The whole text so far (not a delta): at the first words, then per animation frame. */
  onText: (text: string) => void
}) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [phase, setPhase] = useState<DraftPhase>('idle')
  const [writer, setWriter] = useState<Writer | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [charge, setCharge] = useState<DraftCharge | null>(null)
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

  /** The plan counts a spent credit at once; the refetch that follows brings the server's count. */
  const countSpent = useCallback(() => {
    queryClient.setQueryData<PlanInfo>(planQuery.queryKey, (plan) =>
      plan && plan.plan === 'free' ? { ...plan, aiEmailsUsed: plan.aiEmailsUsed + 1 } : plan,
    )
  }, [queryClient])

  const start = useCallback(
    async (
      request: DraftRequest,
      options: { failureTitle?: string } = {},
    ): Promise<DraftOutcome> => {
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
      setNotice(null)
      setCharge(null)
      const settle = (cost: DraftCharge) => {
        if (!current()) return
        setCharge(cost)
        if (cost === 'spent') countSpent()
      }
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
            const first = text === ''
            text += event.text
            if (first) {
              // The first words go to the screen at once, not a frame later: they are the
              // moment the user waits for (issue 23's click → first words).
              setPhase('streaming')
              onTextRef.current(text)
            } else {
              frame ??= requestAnimationFrame(flush)
            }
          } else if (event.type === 'done') {
            if (frame !== null) cancelAnimationFrame(frame)
            // The server's final text is the one recorded; it is what the editor keeps.
            onTextRef.current(event.draft.content)
            setNotice(event.draft.notice ?? null)
            setPhase('done')
            settle('spent')
            return { outcome: 'done', draft: event.draft }
          } else {
            throw new DraftStreamError(event.error.code, event.error.message)
          }
        }
        throw new DraftStreamError('stream_ended', 'The draft stopped before it was complete')
      } catch (error) {
        if (frame !== null) cancelAnimationFrame(frame)
        if (controller.signal.aborted && (isAbort(error) || current())) {
          if (current()) {
            // Stop keeps what was written: the words of the last frame, not yet shown, too.
            if (text !== '') onTextRef.current(text)
            setPhase('cancelled')
          }
          settle(text === '' ? 'refunded' : 'spent')
          return { outcome: 'cancelled', text }
        }
        if (current()) {
          setPhase('failed')
          toastGenerationFailure(error, options.failureTitle ?? failureTitle, navigate)
        }
        settle('refunded')
        return { outcome: 'failed', error }
      } finally {
        if (current()) running.current = null
        // Used, refunded or unchanged: the widgets show the server's count either way.
        const refetchPlan = () =>
          void queryClient.invalidateQueries({ queryKey: planQuery.queryKey })
        refetchPlan()
        // A stop's refund is made when the server sees the request closed, which can be after
        // the refetch above has read the count: read it again once it has surely been made.
        if (controller.signal.aborted) setTimeout(refetchPlan, REFUND_SETTLE_MS)
      }
    },
    [allowed, countSpent, failureTitle, navigate, queryClient],
  )

  const reset = useCallback(() => {
    running.current?.abort()
    running.current = null
    setPhase('idle')
    setWriter(null)
    setNotice(null)
    setCharge(null)
  }, [])

  const active = phase === 'waiting' || phase === 'streaming'
  return { phase, active, writer, notice, charge, allowed, start, cancel, reset }
}
