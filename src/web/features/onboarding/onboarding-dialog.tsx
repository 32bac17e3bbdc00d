import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { useMarkOnboarding } from './api/onboarding'
import { LearnStyleStep, PeopleStep, SmartReplyStep } from './onboarding-steps'

type Step = { title: string; text: string; body?: 'style' | 'people' | 'smartReply' }

export const ONBOARDING_STEPS: readonly Step[] = [
  {
    title: 'Welcome to Inkwell',
    text: 'Your Gmail inbox, with an assistant that writes each e-mail the way that person likes to read it. Three quick steps set it up; skip any of them.',
  },
  {
    title: 'Learn my style from my sent mail',
    text: 'Inkwell reads the e-mails you have sent, in each language you write, and saves your style as your default writing profile. Every draft starts from it.',
    body: 'style',
  },
  {
    title: 'Set how you write to the people you write to most',
    text: 'Choose a tone, a formality and a language for each. Each choice is saved at once as their contact.',
    body: 'people',
  },
  {
    title: 'Try Smart Reply on a real message',
    text: 'Open a recent conversation from your inbox with Smart Reply: it drafts an answer in your style, and nothing is sent until you send it.',
    body: 'smartReply',
  },
  {
    title: 'You are all set',
    text: 'Press ? in the inbox for the keyboard shortcuts. The Tutorial button in the sidebar brings this back whenever you like.',
  },
]

/** Keys a focused control handles itself: the tour's keys leave them alone. */
const OWN_KEYS = 'input, textarea, select, [role="combobox"], [role="listbox"], [role="option"]'

export type OnboardingDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  myEmail: string
  /** Already finished or skipped once (the Tutorial button's restart): nothing to write. */
  completed: boolean
}

/**
 * The onboarding: opens by itself on the first sign-in, and the sidebar's Tutorial button
 * restarts it. Enter or → goes on, ← back, Esc skips; finishing or skipping marks it done, so
 * it opens by itself once per user.
 */
export function OnboardingDialog({
  open,
  onOpenChange,
  myEmail,
  completed,
}: OnboardingDialogProps) {
  const [step, setStep] = useState(0)
  const mark = useMarkOnboarding()
  const { mutate: markOnboarding } = mark
  const titleRef = useRef<HTMLHeadingElement>(null)
  const current = ONBOARDING_STEPS[step] ?? ONBOARDING_STEPS[0]!
  const last = step === ONBOARDING_STEPS.length - 1

  // Shown once is enough to say so; asked for once per opening.
  const seenFor = useRef(false)
  useEffect(() => {
    if (!open || seenFor.current) return
    seenFor.current = true
    markOnboarding({ tutorialSeen: true })
  }, [open, markOnboarding])

  // Each step takes the focus to its title, so a screen reader reads it and Enter goes on.
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) titleRef.current?.focus()
  }, [step])

  const finish = () => {
    if (!completed) markOnboarding({ completed: true })
    onOpenChange(false)
    setStep(0)
    moved.current = false
  }
  const go = (to: number) => {
    moved.current = true
    setStep(Math.max(0, Math.min(ONBOARDING_STEPS.length - 1, to)))
  }
  const next = () => (last ? finish() : go(step + 1))

  // The keys are the dialog's wherever the focus is in it, or on the page behind it: a step's
  // button that goes away once used (Learn my style) leaves the focus on the body.
  const contentRef = useRef<HTMLDivElement>(null)
  const keys = useRef({ next, back: () => go(step - 1) })
  useLayoutEffect(() => {
    keys.current = { next, back: () => go(step - 1) }
  })
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target instanceof Element ? event.target : null
      const inDialog = Boolean(target && contentRef.current?.contains(target))
      if (!inDialog && target !== document.body) return
      if (target?.closest(OWN_KEYS)) return
      // A focused button or link answers Enter itself (Skip, Back, the step's own action).
      const onControl = Boolean(target?.closest('button, a'))
      if (event.key === 'ArrowRight' || (event.key === 'Enter' && !onControl)) {
        event.preventDefault()
        keys.current.next()
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault()
        keys.current.back()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  let body: ReactNode = null
  if (current.body === 'style') body = <LearnStyleStep />
  else if (current.body === 'people') body = <PeopleStep />
  else if (current.body === 'smartReply')
    body = <SmartReplyStep myEmail={myEmail} onOpened={finish} />

  return (
    <Dialog open={open} onOpenChange={(nowOpen) => (nowOpen ? onOpenChange(true) : finish())}>
      <DialogContent
        ref={contentRef}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          titleRef.current?.focus()
        }}
        className="sm:max-w-xl"
      >
        <DialogHeader>
          <p className="text-xs text-muted-foreground">
            Step {step + 1} of {ONBOARDING_STEPS.length}
          </p>
          <DialogTitle ref={titleRef} tabIndex={-1} className="outline-hidden">
            {current.title}
          </DialogTitle>
          <DialogDescription>{current.text}</DialogDescription>
        </DialogHeader>
        {body}
        <p className="text-xs text-muted-foreground">Enter or → next · ← back · Esc skip</p>
        <DialogFooter>
          {!last && (
            <Button variant="ghost" className="sm:mr-auto" onClick={finish}>
              Skip
            </Button>
          )}
          {step > 0 && (
            <Button variant="outline" onClick={() => go(step - 1)}>
              Back
            </Button>
          )}
          <Button onClick={next}>{last ? 'Done' : 'Next'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
