import { useId, useState, type FormEvent } from 'react'
import { Clock, Mail } from 'lucide-react'
import { PublicPage } from '../../components/public-page'
import { FaqAccordion } from '../../components/faq-accordion'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { FormField } from '../../components/form-field'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { dismiss, toast } from '../../components/ui/use-toast'
import { PAGE_META } from '../../../contract/site'
import { usePageMeta } from '../../lib/use-page-meta'
import { useCreateTicket } from './api/create-ticket'
import { TicketSent } from './ticket-sent'

const CONTACT_FAQ = [
  {
    question: 'How fast will you answer?',
    answer: 'Within 24 hours, at the e-mail address you give us.',
  },
  {
    question: 'I found a bug. Where do I report it?',
    answer:
      'Here, or in the help desk inside the app, which adds the page and browser you were using so we can reproduce it.',
  },
  {
    question: 'How do I cancel Pro?',
    answer:
      'From the billing portal linked in the app. You keep Pro until the end of the period you paid for.',
  },
  {
    question: 'How do I delete my data?',
    answer:
      'Settings → Delete Account erases your account and everything Inkwell stores for you, and revokes its access to Gmail.',
  },
]

const EMPTY = { name: '', email: '', subject: '', message: '' }

/** The contact page: a message form, an FAQ and the 24-hour promise. */
export function ContactScreen() {
  const [fields, setFields] = useState(EMPTY)
  const [sent, setSent] = useState(false)
  const create = useCreateTicket()
  const id = useId()
  usePageMeta(PAGE_META['/contact'])
  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setFields((f) => ({ ...f, [key]: value }))

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!fields.name.trim() || !fields.email.trim() || !fields.message.trim()) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
      })
      return
    }
    create.mutate(
      { ...fields, type: 'support' },
      {
        onSuccess: () => {
          // An earlier failure's toast would contradict "Message sent".
          dismiss()
          setSent(true)
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: 'Failed to send message. Please try again.',
          }),
      },
    )
  }

  return (
    <PublicPage>
      <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-3 flex items-center gap-2 text-muted-foreground">
          <Clock className="size-4" aria-hidden="true" />
          We respond within 24 hours.
        </p>
        <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="flex items-center gap-2">
                  <Mail className="size-4" aria-hidden="true" /> Send us a message
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {sent ? (
                <TicketSent
                  title="Message sent"
                  actions={
                    <Button
                      variant="outline"
                      onClick={() => {
                        setFields(EMPTY)
                        setSent(false)
                      }}
                    >
                      Send another message
                    </Button>
                  }
                >
                  Thank you, {fields.name.trim()}. We will answer at {fields.email.trim()} within 24
                  hours.
                </TicketSent>
              ) : (
                <form onSubmit={submit} className="grid gap-5" noValidate>
                  <div className="grid gap-5 sm:grid-cols-2">
                    <FormField label="Name" htmlFor={`${id}-name`}>
                      <Input
                        id={`${id}-name`}
                        required
                        autoComplete="name"
                        maxLength={200}
                        value={fields.name}
                        onChange={(e) => set('name')(e.target.value)}
                      />
                    </FormField>
                    <FormField label="Email" htmlFor={`${id}-email`}>
                      <Input
                        id={`${id}-email`}
                        type="email"
                        required
                        autoComplete="email"
                        value={fields.email}
                        onChange={(e) => set('email')(e.target.value)}
                      />
                    </FormField>
                  </div>
                  <FormField label="Subject (optional)" htmlFor={`${id}-subject`}>
                    <Input
                      id={`${id}-subject`}
                      maxLength={300}
                      value={fields.subject}
                      onChange={(e) => set('subject')(e.target.value)}
                    />
                  </FormField>
                  <FormField label="Message" htmlFor={`${id}-message`}>
                    <Textarea
                      id={`${id}-message`}
                      required
                      rows={6}
                      maxLength={10_000}
                      value={fields.message}
                      onChange={(e) => set('message')(e.target.value)}
                    />
                  </FormField>
                  <div>
                    <Button type="submit" disabled={create.isPending}>
                      {create.isPending && (
                        <Spinner size="sm" label="Sending" className="text-current" />
                      )}
                      Send Message
                    </Button>
                  </div>
                </form>
              )}
            </CardContent>
          </Card>
          <section aria-labelledby={`${id}-faq`}>
            <h2 id={`${id}-faq`} className="mb-4 text-xl font-semibold">
              Frequently asked questions
            </h2>
            <FaqAccordion items={CONTACT_FAQ} name="contact-faq" />
          </section>
        </div>
      </div>
    </PublicPage>
  )
}
