import { Star } from 'lucide-react'
import type { Plans } from '../../../contract/billing'
import { PublicPage } from '../../components/public-page'
import { FaqAccordion } from '../../components/faq-accordion'
import { Button } from '../../components/ui/button'
import { FAQ, FEATURES, HOW_IT_WORKS, TESTIMONIALS } from './content'
import { EarlyAccessForm } from './early-access-form'
import { InboxMockup } from './inbox-mockup'
import { PricingSection } from './pricing-section'
import { useLivePlans } from './use-live-plans'

export const LANDING_META = {
  title: 'Inkwell — AI e-mail assistant for Gmail that writes like you',
  description:
    'Inkwell writes Gmail e-mails in the tone, language and style each contact prefers: contact profiles, AI drafts, Smart Reply and two-way Gmail sync. Free to start.',
}

function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-3 text-muted-foreground">{lead}</p>
    </div>
  )
}

/** The landing page, prerendered with `initialPlans` (decision 017). */
export function LandingPage({ initialPlans }: { initialPlans: Plans | null }) {
  const plans = useLivePlans(initialPlans)
  const nav = (
    <>
      <a href="#features" className="hover:text-foreground">
        Features
      </a>
      <a href="#pricing" className="hover:text-foreground">
        Pricing
      </a>
      <a href="#faq" className="hover:text-foreground">
        FAQ
      </a>
    </>
  )
  return (
    <PublicPage nav={nav}>
      <section className="px-4 pt-16 pb-20 sm:px-6 lg:pt-24">
        <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
          <div className="flex flex-col items-start gap-6">
            <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">
              Every e-mail, in the voice your contact likes to read.
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground">
              Inkwell is your AI-powered email assistant for Gmail. It remembers how each person
              likes to be written to — tone, language, greeting, sign-off — and drafts your e-mails
              that way.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <a href="#pricing">Get Started Free</a>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href="#how-it-works">How it works</a>
              </Button>
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <InboxMockup aiEmailsPerMonth={plans?.free.aiEmailsPerMonth ?? null} />
          </div>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-title"
        className="scroll-mt-20 bg-muted/50 px-4 py-20 sm:px-6"
      >
        <SectionHeading
          id="how-title"
          title="How It Works"
          lead="Three steps from a blank reply to an e-mail that sounds like you."
        />
        <ol className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-border bg-card p-6">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        id="features"
        aria-labelledby="features-title"
        className="scroll-mt-20 px-4 py-20 sm:px-6"
      >
        <SectionHeading
          id="features-title"
          title="Key Features"
          lead="Everything you need to write better e-mail, faster, without leaving Gmail behind."
        />
        <ul className="mx-auto mt-10 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-card p-6 shadow-xs">
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <PricingSection plans={plans} />
      <EarlyAccessForm />

      <section aria-labelledby="testimonials-title" className="px-4 py-20 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          title="What people say"
          lead="Sample stories of how Inkwell fits into a working day."
        />
        <ul className="mx-auto mt-10 grid max-w-6xl gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="rounded-lg border border-border bg-card p-6">
              <figure className="flex h-full flex-col gap-4">
                <div className="flex gap-0.5 text-primary" role="img" aria-label="5 out of 5 stars">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="flex-1 text-sm">“{t.quote}”</blockquote>
                <figcaption className="text-sm">
                  <span className="font-semibold">{t.name}</span>
                  <span className="text-muted-foreground"> · {t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="faq"
        aria-labelledby="faq-title"
        className="scroll-mt-20 bg-muted/50 px-4 py-20 sm:px-6"
      >
        <SectionHeading
          id="faq-title"
          title="Frequently asked questions"
          lead="Can’t find an answer? Write to us from the contact page."
        />
        <div className="mx-auto mt-10 max-w-3xl">
          <FaqAccordion items={FAQ} name="landing-faq" />
        </div>
      </section>
    </PublicPage>
  )
}
