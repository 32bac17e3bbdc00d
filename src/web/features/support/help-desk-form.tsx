import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { TICKET_PRIORITIES, TICKET_TYPES } from '../../../contract/options'
import { describedControl, FormField, OptionSelect } from '../../components/form-field'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
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

const EMAIL_HINT = 'Where we should answer you.'

/**
 * The help desk's ticket form, with the spec's fields and checks, on /help-desk in the app and on the
 * public /help. `backLink` is the success screen's way back ('Back to Inbox').
 */
export function HelpDeskForm({ backLink }: { backLink: ReactNode }) {
  const [type, setType] = useState<TicketType | ''>('')
  const [priority, setPriority] = useState<TicketPriority>('medium')
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<{ prioritySupport: boolean } | null>(null)
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
        onSuccess: (ticket) => setSent({ prioritySupport: ticket.prioritySupport }),
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
    setSent(null)
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
        {sent.prioritySupport
          ? 'Thank you. As a Pro member you have priority support: your ticket is at the front of the queue and is answered first'
          : 'Thank you. Our support team answers within 24 hours'}
        {email.trim() ? ` at ${email.trim()}` : ''}.
      </TicketSent>
    )
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <OptionSelect
          id={`${id}-type`}
          label="Issue type"
          options={TICKET_TYPES}
          value={type}
          required
          placeholder="Choose a type"
          labelOf={(t) => TYPE_LABELS[t]}
          onChange={setType}
        />
        <OptionSelect
          id={`${id}-priority`}
          label="Priority"
          options={TICKET_PRIORITIES}
          value={priority}
          onChange={setPriority}
        />
      </div>
      <FormField label="Subject" htmlFor={`${id}-subject`}>
        <Input
          id={`${id}-subject`}
          value={subject}
          required
          maxLength={300}
          onChange={(e) => setSubject(e.target.value)}
        />
      </FormField>
      <FormField label="Description" htmlFor={`${id}-message`}>
        <Textarea
          id={`${id}-message`}
          value={message}
          required
          rows={6}
          maxLength={10_000}
          placeholder="What happened, what you expected, and the steps to see it again."
          onChange={(e) => setMessage(e.target.value)}
        />
      </FormField>
      <FormField label="Email (optional)" htmlFor={`${id}-email`} hint={EMAIL_HINT}>
        <Input
          {...describedControl(`${id}-email`, { hint: EMAIL_HINT })}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={!complete || create.isPending}>
          {create.isPending && <Spinner size="sm" label="Submitting" className="text-current" />}
          Submit Ticket
        </Button>
      </div>
    </form>
  )
}
