import type { ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import { ProtectedRoute } from '../features/auth/components/protected-route'
import { SignInScreen } from '../features/auth/components/sign-in-screen'
import { OAuthSuccessScreen } from '../features/auth/components/oauth-success-screen'
import { AppShell } from '../features/shell/app-shell'
import { LandingScreen } from './landing-screen'
import { NotFoundScreen } from './not-found-screen'
import { PlaceholderScreen } from './placeholder-screen'
import { PublicPage } from './public-page'

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
        <InShell>{soon('Inbox', 'Your Gmail threads will appear here once the inbox lands.')}</InShell>
      </Route>
      <Route path="/inbox">
        <InShell>{soon('Inbox', 'Your Gmail threads will appear here once the inbox lands.')}</InShell>
      </Route>
      <Route path="/contacts">
        <InShell>{soon('Contacts', 'Contacts with writing preferences are coming next.')}</InShell>
      </Route>
      <Route path="/writing-profiles">
        <InShell>{soon('Writing Profiles', 'Profiles that describe your own style are coming next.')}</InShell>
      </Route>
      <Route path="/settings">
        <InShell>{soon('Settings', 'Account, Gmail and appearance settings are coming next.')}</InShell>
      </Route>
      <Route path="/compose">
        <InShell>{soon('Compose', 'Writing and sending mail comes with the inbox.')}</InShell>
      </Route>
      <Route path="/upgrade">
        <InShell>{soon('Upgrade to Pro', 'Plans and checkout are coming soon.')}</InShell>
      </Route>
      <Route path="/help-desk">
        <InShell>{soon('Help Desk', 'The support ticket form is coming soon.')}</InShell>
      </Route>
      <Route path="/admin">
        <InShell>{soon('Admin Panel', 'Ticket management is coming soon.')}</InShell>
      </Route>
      <Route path="/subscribe">
        <ProtectedRoute>{soon('Subscribe', 'Plan comparison and checkout are coming soon.')}</ProtectedRoute>
      </Route>

      <Route path="/privacypolicy">
        <PublicPage>{soon('Privacy Policy', 'The privacy policy is being written.')}</PublicPage>
      </Route>
      <Route path="/termsofservice">
        <PublicPage>{soon('Terms of Service', 'The terms of service are being written.')}</PublicPage>
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
