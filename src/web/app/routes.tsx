import { lazy, Suspense, type ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import { ProtectedRoute } from '../features/auth/components/protected-route'
import { SignInScreen } from '../features/auth/components/sign-in-screen'
import { OAuthSuccessScreen } from '../features/auth/components/oauth-success-screen'
import { AppShell } from '../features/shell/app-shell'
import { Spinner } from '../components/ui/spinner'
import { NotFoundScreen } from './not-found-screen'

// Screens outside the first paint load on demand, so the main bundle stays small.
const ContactsScreen = lazy(() =>
  import('../features/contacts/contacts-screen').then((m) => ({ default: m.ContactsScreen })),
)
const WritingProfilesScreen = lazy(() =>
  import('../features/profiles/writing-profiles-screen').then((m) => ({
    default: m.WritingProfilesScreen,
  })),
)
const SettingsScreen = lazy(() =>
  import('../features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })),
)
const InboxScreen = lazy(() =>
  import('../features/inbox/components/inbox-screen').then((m) => ({ default: m.InboxScreen })),
)
const ComposeScreen = lazy(() =>
  import('../features/compose/components/compose-screen').then((m) => ({
    default: m.ComposeScreen,
  })),
)

const UpgradeScreen = lazy(() =>
  import('../features/billing/upgrade-screen').then((m) => ({ default: m.UpgradeScreen })),
)
const SubscribeScreen = lazy(() =>
  import('../features/billing/subscribe-screen').then((m) => ({ default: m.SubscribeScreen })),
)
// Public pages: prerendered documents when loaded directly (decision 017); these serve the
// app's own links to them and development.
const LandingPage = lazy(() =>
  import('../features/landing/landing-page').then((m) => ({ default: m.LandingPage })),
)
const PrivacyPolicy = lazy(() =>
  import('../features/legal/privacy-policy').then((m) => ({ default: m.PrivacyPolicy })),
)
const TermsOfService = lazy(() =>
  import('../features/legal/terms-of-service').then((m) => ({ default: m.TermsOfService })),
)
const ContactScreen = lazy(() =>
  import('../features/support/contact-screen').then((m) => ({ default: m.ContactScreen })),
)
const HelpDeskScreen = lazy(() =>
  import('../features/support/help-screens').then((m) => ({ default: m.HelpDeskScreen })),
)
const PublicHelpScreen = lazy(() =>
  import('../features/support/help-screens').then((m) => ({ default: m.PublicHelpScreen })),
)
const AdminScreen = lazy(() =>
  import('../features/admin/admin-screen').then((m) => ({ default: m.AdminScreen })),
)

function ScreenLoading() {
  return (
    <div className="flex items-center justify-center gap-3 py-24 text-muted-foreground">
      <Spinner size="lg" label="Loading..." />
      <span aria-hidden="true">Loading...</span>
    </div>
  )
}

function InShell({ children }: { children: ReactNode }) {
  return (
    <ProtectedRoute>
      <AppShell>{children}</AppShell>
    </ProtectedRoute>
  )
}

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Suspense fallback={<ScreenLoading />}>
          <LandingPage initialPlans={null} />
        </Suspense>
      </Route>
      <Route path="/landing">
        <Suspense fallback={<ScreenLoading />}>
          <LandingPage initialPlans={null} />
        </Suspense>
      </Route>
      <Route path="/auth" component={SignInScreen} />
      <Route path="/login" component={SignInScreen} />
      <Route path="/oauth-success" component={OAuthSuccessScreen} />

      <Route path="/app">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <InboxScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/inbox">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <InboxScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/contacts">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <ContactsScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/writing-profiles">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <WritingProfilesScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/settings">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <SettingsScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/compose">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <ComposeScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/upgrade">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <UpgradeScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/help-desk">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <HelpDeskScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/admin">
        <InShell>
          <Suspense fallback={<ScreenLoading />}>
            <AdminScreen />
          </Suspense>
        </InShell>
      </Route>
      <Route path="/subscribe">
        <ProtectedRoute>
          <Suspense fallback={<ScreenLoading />}>
            <SubscribeScreen />
          </Suspense>
        </ProtectedRoute>
      </Route>

      <Route path="/privacypolicy">
        <Suspense fallback={<ScreenLoading />}>
          <PrivacyPolicy />
        </Suspense>
      </Route>
      <Route path="/termsofservice">
        <Suspense fallback={<ScreenLoading />}>
          <TermsOfService />
        </Suspense>
      </Route>
      <Route path="/contact">
        <Suspense fallback={<ScreenLoading />}>
          <ContactScreen />
        </Suspense>
      </Route>
      <Route path="/help">
        <Suspense fallback={<ScreenLoading />}>
          <PublicHelpScreen />
        </Suspense>
      </Route>

      <Route component={NotFoundScreen} />
    </Switch>
  )
}
