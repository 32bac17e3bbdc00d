import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { TICKET_PRIORITIES, TICKET_TYPES } from '../../../contract/options'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { optionLabel } from '../../lib/option-label'
import { useCreateTicket } from './api/create-ticket'
import { TicketSent } from './ticket-sent'

type TicketType = (typeof TICKET_TYPES)[number]
type TicketPriority = (typeof TICKET_PRIORITIES)[number]

const TYPE_LABELS: Record<TicketType, string> = {
  bug: 'Bug report',
  feature: 'Feature request',
  support: 'Support question',
  feedback: 'Feedback',
}

/**
 * The help desk's ticket form (spec sections 2 and 5), on /help-desk in the app and on the
 * public /help. `backLink` is the success screen's way back ('Back to Inbox').
 */
export function HelpDeskForm({ backLink }: { backLink: ReactNode }) {
  const [type, setType] = useState<TicketType | ''>('')
  const [priority, setPriority] = useState<TicketPriority>('medium')
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const create = useCreateTicket()
  const id = useId()
  const complete = type !== '' && subject.trim() !== '' && message.trim() !== ''

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!complete) {
      toast({ variant: 'destructive', title: 'Missing required fields' })
      return
    }
    create.mutate(
      {
        type,
        priority,
        subject,
        message,
        email,
        userAgent: navigator.userAgent,
        url: window.location.href,
      },
      {
        onSuccess: () => setSent(true),
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Failed to submit ticket',
            description: 'Please try again or contact support directly.',
          }),
      },
    )
  }

  function reset() {
    setType('')
    setPriority('medium')
    setSubject('')
    setMessage('')
    setSent(false)
  }

  if (sent) {
    return (
      <TicketSent
        title="Ticket submitted"
        actions={
          <>
            <Button onClick={reset}>Submit Another Ticket</Button>
            {backLink}
          </>
        }
      >
        Thank you. Our support team answers within 24 hours
        {email.trim() ? ` at ${email.trim()}` : ''}.
      </TicketSent>
    )
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-type`}>Issue type</Label>
          <Select value={type} onValueChange={(v) => setType(v as TicketType)} required>
            <SelectTrigger id={`${id}-type`} aria-required="true">
              <SelectValue placeholder="Choose a type" />
            </SelectTrigger>
            <SelectContent>
              {TICKET_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <Select value={priority} onValueChange={(v) => setPriority(v as TicketPriority)}>
            <SelectTrigger id={`${id}-priority`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TICKET_PRIORITIES.map((p) => (
                <SelectItem key={p} value={p}>
                  {optionLabel(p)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          value={subject}
          required
          maxLength={300}
          onChange={(e) => setSubject(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>Description</Label>
        <Textarea
          id={`${id}-message`}
          value={message}
          required
          rows={6}
          maxLength={10_000}
          placeholder="What happened, what you expected, and the steps to see it again."
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>Email (optional)</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-describedby={`${id}-email-hint`}
          onChange={(e) => setEmail(e.target.value)}
        />
        <p id={`${id}-email-hint`} className="text-xs text-muted-foreground">
          Where we should answer you.
        </p>
      </div>
      <div>
        <Button type="submit" disabled={!complete || create.isPending}>
          {create.isPending && <Spinner size="sm" label="Submitting" className="text-current" />}
          Submit Ticket
        </Button>
      </div>
    </form>
  )
}
