import { LegalDocument } from './legal-document'

export const PRIVACY_META = {
  title: 'Privacy Policy — Inkwell',
  description:
    'What Inkwell stores about you and your Gmail, where, for how long, and how it follows Google’s Limited Use requirements.',
}

export function PrivacyPolicy() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        Inkwell is an AI-powered e-mail assistant for Gmail. This policy explains what Inkwell
        stores when you use it, why, where, for how long, and the choices you have. It applies to
        the Inkwell web application and its API.
      </p>

      <h2>What we collect and why</h2>
      <ul>
        <li>
          <strong>Your Google account profile</strong>: your name, e-mail address, profile picture
          and Google account id, received when you sign in with Google. We use them to identify your
          account and show who is signed in.
        </li>
        <li>
          <strong>Access to your Gmail</strong> (the <code>gmail.modify</code> permission you grant
          on Google’s consent screen): to show your threads, send the e-mails you write, save drafts
          and apply the actions you choose (archive, star, read, delete, flag). Inkwell never sends,
          deletes or changes mail unless you ask it to.
        </li>
        <li>
          <strong>A cache of your mail</strong>: the headers, text and HTML of the messages in your
          recent mail (90 days by default), their labels and attachment names and sizes, so that
          your inbox opens at once and search works. Attachment contents are fetched from Gmail when
          you open them, not stored.
        </li>
        <li>
          <strong>What you create in Inkwell</strong>: contacts and their writing preferences,
          writing profiles and samples, settings, and the AI drafts Inkwell writes for you (your
          request, the draft, the version you sent).
        </li>
        <li>
          <strong>Support tickets</strong> you send from the contact page or the help desk: your
          name, e-mail, message, and the page address and browser name the help desk adds to help us
          reproduce a problem.
        </li>
        <li>
          <strong>Billing</strong>: if you subscribe to Pro, our payment provider (Stripe) handles
          your card; we keep only its customer and subscription ids and your plan’s end date. We
          never see or store card numbers.
        </li>
        <li>
          <strong>Technical data</strong>: a session cookie that keeps you signed in, and server
          logs (address, time, request) kept for security and troubleshooting.
        </li>
      </ul>

      <h2>Google user data and Limited Use</h2>
      <p>
        Inkwell’s use and transfer to any other app of information received from Google APIs will
        adhere to the{' '}
        <a href="https://developers.google.com/terms/api-services-user-data-policy">
          Google API Services User Data Policy
        </a>
        , including the Limited Use requirements. In particular:
      </p>
      <ul>
        <li>
          We use Gmail data only to provide and improve the features you see in Inkwell: reading,
          searching, writing and sending your e-mail, and drafting replies with AI.
        </li>
        <li>
          We transfer Gmail data to others only as needed to provide those features (the AI provider
          that writes a draft you ask for receives the text needed for it), to comply with law, or
          as part of a merger or sale with your prior notice.
        </li>
        <li>We never use Gmail data for advertising, and never sell it.</li>
        <li>
          No person at Inkwell reads your mail, unless you ask us to in a support request and agree
          to it, it is needed for security (such as investigating abuse), or the law requires it.
        </li>
        <li>Gmail data is not used to train general-purpose AI models, ours or anyone else’s.</li>
      </ul>

      <h2>AI writing</h2>
      <p>
        When you ask Inkwell to write or reply, the request you typed, the contact’s preferences,
        your writing profile and the recent conversation with that contact are sent to the AI
        provider the service is configured with (such as OpenAI or Anthropic, or a model run by the
        operator), only to produce that draft. We use providers only under API terms that do not let
        them train their models on it. Without a provider, Inkwell’s offline writer composes drafts
        on our own server and nothing leaves it.
      </p>

      <h2>Where it is stored</h2>
      <p>
        Everything listed above is stored in Inkwell’s PostgreSQL database on the servers that run
        the Inkwell service. Your Google access and refresh tokens are encrypted at rest
        (AES-256-GCM) and never leave the server; session cookies are random values of which the
        database keeps only a hash. Connections to Inkwell use HTTPS.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Google tokens</strong>: until you disconnect Gmail in Settings or delete your
          account; both revoke Inkwell’s access at Google and erase the tokens.
        </li>
        <li>
          <strong>The mail cache</strong>: while your account exists. Messages deleted in Gmail
          leave the cache at the next sync; the whole cache is erased when you delete your account.
        </li>
        <li>
          <strong>AI drafts, contacts, writing profiles and settings</strong>: until you delete them
          or your account.
        </li>
        <li>
          <strong>Sessions</strong>: until you log out, or 30 days.
        </li>
        <li>
          <strong>Support tickets</strong>: tickets you send while signed in are erased with your
          account; tickets sent signed out are kept while they help us support you.
        </li>
        <li>
          <strong>Billing records</strong>: as long as tax and accounting law requires.
        </li>
      </ul>

      <h2>Your choices and rights</h2>
      <ul>
        <li>
          <strong>Export</strong>: Settings → Export Data downloads a file of everything Inkwell
          stores for you (tokens excepted).
        </li>
        <li>
          <strong>Disconnect</strong>: Settings → Disconnect Gmail, or remove Inkwell at{' '}
          <a href="https://myaccount.google.com/permissions">myaccount.google.com/permissions</a>.
        </li>
        <li>
          <strong>Delete</strong>: Settings → Delete Account erases your account and everything in
          it at once.
        </li>
        <li>
          You may also ask us to access, correct or erase your data, or object to its processing, by
          writing to us from the <a href="/contact">contact page</a>.
        </li>
      </ul>

      <h2>Cookies</h2>
      <p>
        Inkwell uses only the cookies it needs to work: the session cookie, and short-lived cookies
        during Google sign-in. Your light or dark theme is kept in your browser’s local storage.
        There are no advertising or tracking cookies.
      </p>

      <h2>Children</h2>
      <p>Inkwell is not meant for children under 16 and does not knowingly serve them.</p>

      <h2>Changes</h2>
      <p>
        We will post changes to this policy here with a new date, and tell you in the app before any
        change that reduces your rights takes effect.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about privacy: write to us from the <a href="/contact">contact page</a>. We answer
        within 24 hours.
      </p>
    </LegalDocument>
  )
}
