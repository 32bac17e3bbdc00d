import { useState } from 'react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'

const STEPS = [
  {
    title: 'Welcome to Inkwell',
    text: 'Your Gmail inbox, with an assistant that writes each e-mail the way that contact likes to read it.',
  },
  {
    title: 'Your inbox, synced both ways',
    text: 'Read, search, archive, star and reply. Everything you do here happens in Gmail too. Press ? in the inbox for keyboard shortcuts.',
  },
  {
    title: 'Contacts with preferences',
    text: 'Give each contact a tone, a formality, a language, a greeting and a sign-off. Inkwell remembers them for every draft.',
  },
  {
    title: 'Writing profiles',
    text: 'Describe your own style, or paste a sample and let Inkwell learn it. The default profile shapes every draft.',
  },
  {
    title: 'Write with AI',
    text: 'In Compose, pick a contact and say what you want to write about. Smart Reply drafts an answer to any thread.',
  },
]

/** The onboarding tour; the sidebar's Tutorial button restarts it at the first step. */
export function TutorialDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [step, setStep] = useState(0)
  const current = STEPS[step] ?? STEPS[0]!
  const last = step === STEPS.length - 1
  const close = () => {
    onOpenChange(false)
    setStep(0)
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <p className="text-xs text-muted-foreground">
            Step {step + 1} of {STEPS.length}
          </p>
          <DialogTitle>{current.title}</DialogTitle>
          <DialogDescription>{current.text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          {step > 0 && (
            <Button variant="outline" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          )}
          <Button onClick={() => (last ? close() : setStep(step + 1))}>
            {last ? 'Done' : 'Next'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
