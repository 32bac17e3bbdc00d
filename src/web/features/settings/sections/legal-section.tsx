import { Link } from 'wouter'
import { Section } from './section'

const SUPPORT_EMAIL = 'support@inkwell.app'

/** Privacy policy, terms and how to reach support. */
export function LegalSection() {
  return (
    <Section title="Legal & Support">
      <ul className="grid gap-2 text-sm">
        <li>
          <Link href="/privacypolicy" className="text-primary underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
        </li>
        <li>
          <Link href="/termsofservice" className="text-primary underline-offset-4 hover:underline">
            Terms of Service
          </Link>
        </li>
        <li>
          <Link href="/contact" className="text-primary underline-offset-4 hover:underline">
            Contact support
          </Link>{' '}
          <span className="text-muted-foreground">
            or write to{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {SUPPORT_EMAIL}
            </a>
            ; we answer within 24 hours.
          </span>
        </li>
      </ul>
    </Section>
  )
}
