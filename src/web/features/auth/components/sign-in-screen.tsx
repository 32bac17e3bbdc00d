import { useEffect } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { Check, Languages, Mail, Sparkles, Users } from 'lucide-react'
import { authErrorMessage } from '../../../../contract/auth-errors'
import { Brand } from '../../../components/brand'
import { Button } from '../../../components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card'
import { toast } from '../../../components/ui/use-toast'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { FullPageLoading } from './protected-route'
import { rememberReturnTo, safeReturnPath } from '../return-to'

const NEXT_STEPS = [
  'Sign in with Google',
  'Access your Gmail inbox and contacts',
  'Use AI to write and improve emails',
  'Manage contacts and writing profiles',
]

const HIGHLIGHTS = [
  {
    icon: Users,
    title: 'Contact profiles',
    text: 'Tone, language and greetings for each person you write to.',
  },
  {
    icon: Sparkles,
    title: 'AI that writes like you',
    text: 'Drafts and smart replies tuned to the contact.',
  },
  { icon: Mail, title: 'Gmail, both ways', text: 'Archive, star, reply and send — it all syncs.' },
  { icon: Languages, title: 'Four languages', text: 'English, Spanish, French and German.' },
]

export function SignInScreen() {
  const { data: user, isLoading } = useCurrentUser()
  const [params] = useSearchParams()
  const [, navigate] = useLocation()
  const error = params.get('error')

  const next = params.get('next')
  useEffect(() => {
    if (user) navigate(safeReturnPath(next) ?? '/inbox', { replace: true })
  }, [user, navigate, next])

  useEffect(() => {
    if (!error) return
    toast({
      title: 'Authentication Error',
      description: authErrorMessage(error),
      variant: 'destructive',
    })
    const url = new URL(window.location.href)
    url.searchParams.delete('error')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  }, [error])

  if (isLoading || user) return <FullPageLoading />

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <main className="flex flex-col items-center justify-center gap-8 px-6 py-12">
        <Brand withTagline />
        <Card className="w-full max-w-sm">
          <CardHeader>
            <CardTitle asChild>
              <h1>Welcome to Inkwell</h1>
            </CardTitle>
            <CardDescription>Sign in with your Google account to get started.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <Button
              size="lg"
              className="w-full"
              onClick={() => {
                rememberReturnTo(next)
                window.location.assign('/api/auth/google/login')
              }}
            >
              <GoogleMark />
              Continue with Google
            </Button>
            <section aria-labelledby="next-steps">
              <h2 id="next-steps" className="mb-2 text-sm font-medium">
                What happens next
              </h2>
              <ul className="space-y-1.5 text-sm text-muted-foreground">
                {NEXT_STEPS.map((step) => (
                  <li key={step} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 text-success" aria-hidden="true" />
                    {step}
                  </li>
                ))}
              </ul>
            </section>
          </CardContent>
        </Card>
        <p className="max-w-sm text-center text-xs text-muted-foreground">
          By continuing you agree to our{' '}
          <a className="underline" href="/termsofservice">
            Terms of Service
          </a>{' '}
          and{' '}
          <a className="underline" href="/privacypolicy">
            Privacy Policy
          </a>
          .
        </p>
      </main>
      <aside
        aria-label="Why Inkwell"
        className="hidden flex-col justify-center gap-8 bg-primary px-12 py-16 text-primary-foreground lg:flex"
      >
        <h2 className="max-w-md text-3xl font-semibold tracking-tight">
          Every e-mail in the voice each contact likes to read.
        </h2>
        <ul className="grid max-w-md gap-5">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 opacity-90" aria-hidden="true" />
              <div>
                <p className="font-medium">{title}</p>
                <p className="text-sm opacity-80">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  )
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#fff"
        d="M21.35 11.1H12v2.9h5.35c-.5 2.4-2.6 3.9-5.35 3.9a6 6 0 1 1 3.9-10.55l2.1-2.1A9 9 0 1 0 21 12c0-.3 0-.6-.05-.9z"
      />
    </svg>
  )
}
