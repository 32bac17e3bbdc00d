import { LegalDocument } from './legal-document'

export const TERMS_META = {
  title: 'Terms of Service — Inkwell',
  description:
    'The terms for using Inkwell, the AI e-mail assistant for Gmail: accounts, plans and billing, acceptable use, and liability.',
}

export function TermsOfService() {
  return (
    <LegalDocument title="Terms of Service">
      <p>
        These terms govern your use of Inkwell, an AI-powered e-mail assistant for Gmail. By signing
        in you accept them. If you do not agree, do not use Inkwell.
      </p>

      <h2>Your account</h2>
      <p>
        You sign in with a Google account and must be at least 16. You are responsible for what is
        sent from your account, and for keeping your Google account secure. Inkwell acts on your
        Gmail only when you ask it to: it drafts, and you decide what is sent.
      </p>

      <h2>Plans and billing</h2>
      <ul>
        <li>
          The Free plan includes a monthly allowance of AI-generated e-mails, which resets at the
          start of each calendar month.
        </li>
        <li>
          Pro is billed monthly or yearly in advance through our payment provider and renews until
          you cancel.
        </li>
        <li>
          If you cancel, Pro stays active until the end of the period you paid for. There are no
          refunds for partial months.
        </li>
        <li>
          We will give you at least 30 days’ notice of any price change, which applies from your
          next billing period.
        </li>
      </ul>

      <h2>AI-generated content</h2>
      <p>
        Drafts are written by software and can be wrong, incomplete or inappropriate. Read every
        draft before you send it; you are responsible for the e-mails you send.
      </p>

      <h2>Acceptable use</h2>
      <p>You agree not to use Inkwell to:</p>
      <ul>
        <li>send spam, bulk unsolicited mail, phishing or malware;</li>
        <li>harass, defame or deceive people, or impersonate others;</li>
        <li>break the law or Google’s terms for Gmail;</li>
        <li>probe, overload or get around the limits and security of the service.</li>
      </ul>
      <p>We may suspend accounts that do.</p>

      <h2>Your content</h2>
      <p>
        Your e-mails, contacts, writing profiles and drafts remain yours. You allow Inkwell to
        process them only to provide the service to you, as described in the{' '}
        <a href="/privacypolicy">Privacy Policy</a>.
      </p>

      <h2>Availability and changes</h2>
      <p>
        We work to keep Inkwell available but do not promise that it will be uninterrupted or
        error-free. We may change or discontinue features; for a paid feature we will tell you ahead
        of time.
      </p>

      <h2>Ending your use</h2>
      <p>
        You can delete your account at any time in Settings; it erases your data as the Privacy
        Policy describes. We may end an account that breaks these terms.
      </p>

      <h2>Liability</h2>
      <p>
        Inkwell is provided “as is”. To the extent the law allows, we are not liable for indirect or
        consequential losses, and our total liability is limited to what you paid us in the twelve
        months before the claim.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We will post changes here with a new date and tell you in the app before significant changes
        take effect.
      </p>

      <h2>Support</h2>
      <p>
        Questions about these terms: write to us from the <a href="/contact">contact page</a>. We
        respond within 24 hours.
      </p>
    </LegalDocument>
  )
}
