import { Link } from 'wouter'
import { Button } from '../components/ui/button'
import { PublicPage } from './public-page'

/** The landing page's frame; its sections come with the landing issue. */
export function LandingScreen() {
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
      <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-6 py-24 text-center">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">
          Every e-mail, in the voice your contact likes to read.
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Inkwell is your AI-powered email assistant for Gmail: contact profiles, AI writing tuned
          to each person, and two-way sync with your inbox.
        </p>
        <Button asChild size="lg">
          <Link href="/login">Get Started Free</Link>
        </Button>
      </section>
    </PublicPage>
  )
}
