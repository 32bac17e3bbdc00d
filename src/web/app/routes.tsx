import { Suspense, type ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { Route, Switch } from 'wouter'
import { ProtectedRoute } from '../features/auth/components/protected-route'
import { AppShell, prefetchShell } from './layout/app-shell'
import { Spinner } from '../components/ui/spinner'
import { NotFoundScreen } from './not-found-screen'
import { SCREENS } from './screens'
import { lazyComponent, type LazyComponent } from '../lib/lazy-component'
import { currentUserQuery } from '../lib/queries/current-user'
import { threadsQuery } from '../features/mail/api/get-threads'
import { SYSTEM_VIEWS } from '../features/mail/mailbox/views'

const InboxScreen = lazyComponent(() =>
  import('../features/mail/components/inbox-screen').then((m) => m.InboxScreen),
)
// Public pages: prerendered documents when loaded directly (decision 017); these serve the
// app's own links to them and development.
const LandingPage = lazyComponent(() =>
  import('../features/landing/landing-page').then(
    (m) =>
      function Landing() {
        return <m.LandingPage initialPlans={null} />
      },
  ),
)
const SignInScreen = lazyComponent(() =>
  import('../features/auth/components/sign-in-screen').then((m) => m.SignInScreen),
)
const OAuthSuccessScreen = lazyComponent(() =>
  import('../features/auth/components/oauth-success-screen').then((m) => m.OAuthSuccessScreen),
)

/**
 * The inbox's first page, asked for beside the session rather than after it: signed out or
 * without Gmail it is a 401, which is what the screen would have been told anyway.
 */
function prefetchInbox(client: QueryClient) {
  return client.prefetchInfiniteQuery(threadsQuery({ label: 'INBOX' }))
}

type AppRoute = {
  path: string
  screen: ComponentType | LazyComponent
  /** Data the screen shows first, asked for at start-up, before its code has loaded. */
  prefetch?: (client: QueryClient) => Promise<unknown>
  /** Signed-in users only: others go to /login. */
  protected?: boolean
  /** 'shell': inside the app's sidebar layout; 'page': the screen brings its own frame. */
  layout: 'shell' | 'page'
}

/** The route table of the product spec: one row per address, rendered by one loop below. */
const ROUTES: AppRoute[] = [
  { path: '/', screen: LandingPage, layout: 'page' },
  { path: '/landing', screen: LandingPage, layout: 'page' },
  { path: '/auth', screen: SignInScreen, layout: 'page' },
  { path: '/login', screen: SignInScreen, layout: 'page' },
  { path: '/oauth-success', screen: OAuthSuccessScreen, layout: 'page' },

  { path: '/app', screen: InboxScreen, prefetch: prefetchInbox, protected: true, layout: 'shell' },
  {
    path: '/inbox',
    screen: InboxScreen,
    prefetch: prefetchInbox,
    protected: true,
    layout: 'shell',
  },
  // The mailbox's other views (Sent, Starred, …) and each user label: the same list screen.
  ...SYSTEM_VIEWS.filter((view) => !view.ownScreen && view.path.startsWith('/app/')).map(
    (view): AppRoute => ({
      path: view.path,
      screen: InboxScreen,
      protected: true,
      layout: 'shell',
    }),
  ),
  { path: '/app/label/:id', screen: InboxScreen, protected: true, layout: 'shell' },
  {
    path: '/contacts',
    screen: SCREENS['/contacts'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/writing-profiles',
    screen: SCREENS['/writing-profiles'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/settings',
    screen: SCREENS['/settings'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/compose',
    screen: SCREENS['/compose'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/drafts',
    screen: SCREENS['/drafts'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/app/scheduled',
    screen: SCREENS['/app/scheduled'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/upgrade',
    screen: SCREENS['/upgrade'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/help-desk',
    screen: SCREENS['/help-desk'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/admin',
    screen: SCREENS['/admin'],
    protected: true,
    layout: 'shell',
  },
  {
    path: '/subscribe',
    screen: lazyComponent(() =>
      import('../features/billing/subscribe-screen').then((m) => m.SubscribeScreen),
    ),
    protected: true,
    layout: 'page',
  },

  {
    path: '/privacypolicy',
    screen: lazyComponent(() =>
      import('../features/legal/privacy-policy').then((m) => m.PrivacyPolicy),
    ),
    layout: 'page',
  },
  {
    path: '/termsofservice',
    screen: lazyComponent(() =>
      import('../features/legal/terms-of-service').then((m) => m.TermsOfService),
    ),
    layout: 'page',
  },
  {
    path: '/contact',
    screen: lazyComponent(() =>
      import('../features/support/contact-screen').then((m) => m.ContactScreen),
    ),
    layout: 'page',
  },
  {
    path: '/help',
    screen: lazyComponent(() =>
      import('../features/support/help-screens').then((m) => m.PublicHelpScreen),
    ),
    layout: 'page',
  },
]

/**
 * How long the first render waits for what it would otherwise show as a spinner: on a slow
 * network the screen's own loading states take over after this.
 */
const FIRST_RENDER_WAIT_MS = 600

/**
 * Called once before the first render: the page's screen code, the session and the screen's
 * first data are fetched side by side rather than one after the other (decision 036).
 * Resolves when they are all here, or after FIRST_RENDER_WAIT_MS, whichever is first, never
 * rejecting: a failure is the screen's to show.
 *
 * The first render waits for it, so it mounts the finished screen in one pass. Rendered
 * earlier, it would paint a spinner, suspend on the screen's code (after which React holds the
 * content back 300 ms), and mount the shell from a query's update, a synchronous render whose
 * effects all run before the rows can paint.
 */
export function startRoute(pathname: string, client: QueryClient): Promise<void> {
  const route = ROUTES.find((r) => r.path === pathname)
  if (!route) return Promise.resolve()
  const needed: Promise<unknown>[] = []
  // The requests first: they wait on the server, and asking for the screen's code (links the
  // bundler adds for what it imports) would hold them back a little (decision 061).
  if (route.protected) needed.push(client.prefetchQuery(currentUserQuery))
  if (route.prefetch) needed.push(route.prefetch(client))
  if ('preload' in route.screen) needed.push(route.screen.preload())
  if (route.layout === 'shell' && route.protected) prefetchShell(client)
  return Promise.race([
    Promise.allSettled(needed).then(() => {}),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ])
}

function ScreenLoading() {
  return (
    <div className="flex items-center justify-center gap-3 py-24 text-muted-foreground">
      <Spinner size="lg" label="Loading..." />
      <span aria-hidden="true">Loading...</span>
    </div>
  )
}

function RouteScreen({ route }: { route: AppRoute }) {
  const Screen = route.screen
  let content = (
    <Suspense fallback={<ScreenLoading />}>
      <Screen key={route.path} />
    </Suspense>
  )
  if (route.layout === 'shell') content = <AppShell>{content}</AppShell>
  if (route.protected) content = <ProtectedRoute>{content}</ProtectedRoute>
  return content
}

/** What the signed-in screens share as their key in the route switch. */
const SHELL_KEY = 'app-shell'

/**
 * Every path of the app, from the route table above. The signed-in screens share one key, so
 * moving between them keeps the shell mounted (the sidebar, the live mail stream, the badge)
 * and swaps only the screen inside it: no reconnect and no shell to build again on each move.
 */
export function AppRoutes() {
  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.layout === 'shell' ? SHELL_KEY : route.path} path={route.path}>
          <RouteScreen route={route} />
        </Route>
      ))}
      <Route component={NotFoundScreen} />
    </Switch>
  )
}
