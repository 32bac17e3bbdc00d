import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { toast } from '../../components/ui/use-toast'

/** The spec's simulated delay: the signup makes no network call, as the spec describes it. */
export const EARLY_ACCESS_DELAY_MS = 1000

export function EarlyAccessForm() {
  const [email, setEmail] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const id = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!email.trim() || submitting) return
    setSubmitting(true)
    setTimeout(() => {
      setSubmitting(false)
      setEmail('')
      toast({
        title: 'Thanks for signing up!',
        description: "We'll notify you when the product launches new features.",
      })
    }, EARLY_ACCESS_DELAY_MS)
  }

  return (
    <section aria-labelledby="early-access-title" className="bg-muted/50 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-xl text-center">
        <h2 id="early-access-title" className="text-3xl font-semibold tracking-tight">
          Get early access to new features
        </h2>
        <p className="mt-3 text-muted-foreground">
          Leave your e-mail and be the first to try what we build next.
        </p>
        <form onSubmit={submit} className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-1.5 text-left">
            <Label htmlFor={id}>Email address</Label>
            <Input
              id={id}
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Joining...' : 'Join early access'}
          </Button>
        </form>
      </div>
    </section>
  )
}
