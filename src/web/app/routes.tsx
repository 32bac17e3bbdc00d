import { lazy, Suspense, type ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import { ProtectedRoute } from '../features/auth/components/protected-route'
import { SignInScreen } from '../features/auth/components/sign-in-screen'
import { OAuthSuccessScreen } from '../features/auth/components/oauth-success-screen'
import { AppShell } from '../features/shell/app-shell'
import { Spinner } from '../components/ui/spinner'
import { LandingScreen } from './landing-screen'
import { NotFoundScreen } from './not-found-screen'
import { PlaceholderScreen } from './placeholder-screen'
import { PublicPage } from './public-page'

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

const soon = (title: string, description: string) => (
  <PlaceholderScreen title={title} description={description} />
)

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingScreen} />
      <Route path="/landing" component={LandingScreen} />
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
        <InShell>{soon('Help Desk', 'The support ticket form is coming soon.')}</InShell>
      </Route>
      <Route path="/admin">
        <InShell>{soon('Admin Panel', 'Ticket management is coming soon.')}</InShell>
      </Route>
      <Route path="/subscribe">
        <ProtectedRoute>
          <Suspense fallback={<ScreenLoading />}>
            <SubscribeScreen />
          </Suspense>
        </ProtectedRoute>
      </Route>

      <Route path="/privacypolicy">
        <PublicPage>{soon('Privacy Policy', 'The privacy policy is being written.')}</PublicPage>
      </Route>
      <Route path="/termsofservice">
        <PublicPage>
          {soon('Terms of Service', 'The terms of service are being written.')}
        </PublicPage>
      </Route>
      <Route path="/contact">
        <PublicPage>{soon('Contact', 'The contact form is coming soon.')}</PublicPage>
      </Route>
      <Route path="/help">
        <PublicPage>{soon('Help', 'The help desk form is coming soon.')}</PublicPage>
      </Route>

      <Route component={NotFoundScreen} />
    </Switch>
  )
}
