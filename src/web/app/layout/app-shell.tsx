import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { Menu } from 'lucide-react'
import { Brand } from '../../components/brand'
import { Button } from '../../components/ui/button'
import { useCurrentUser } from '../../lib/queries/current-user'
import { metaQuery } from '../../lib/queries/meta'
import { planQuery } from '../../lib/queries/plan'
import { PastDueBanner } from '../../features/billing/past-due-banner'
import { draftsQuery, useDrafts } from '../../features/mail/api/drafts'
import { labelsQuery, useLabels } from '../../features/mail/api/get-labels'
import { signatureQuery, useSignature } from '../../features/mail/api/get-signature'
import { unreadCountQuery, useUnreadCount } from '../../features/mail/api/get-unread-count'
import { useLiveMail } from '../../features/mail/api/use-live-mail'
import { useNewMailAlerts } from '../../features/mail/use-new-mail-alerts'
import { settingsQuery, useUserSettings } from '../../lib/queries/settings'
import { DemoBadge, Sidebar } from './sidebar'
import { preloadScreensWhenIdle } from '../screens'

// Both are closed on a first paint: their code (Radix's dialog) loads when first opened.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })))
const OnboardingDialog = lazy(() =>
  import('../../features/onboarding/onboarding-dialog').then((m) => ({
    default: m.OnboardingDialog,
  })),
)

/**
 * What the shell shows beside any screen (the settings every screen applies, the sidebar's
 * counts, labels, plan and demo badge, the signature a reply starts with), asked for at start-up
 * beside the screen's own data, while the page waits for that anyway: the first render then
 * starts none of these requests (decision 061). Not waited for. Without Gmail, the mail ones
 * are the 401s the screen would be told anyway.
 */
export function prefetchShell(client: QueryClient): void {
  void client.prefetchQuery(settingsQuery)
  void client.prefetchQuery(metaQuery)
  void client.prefetchQuery(planQuery)
  void client.prefetchQuery(labelsQuery)
  void client.prefetchQuery(unreadCountQuery)
  void client.prefetchQuery(draftsQuery)
  void client.prefetchQuery(signatureQuery)
}

/** The signed-in layout: fixed sidebar on large screens, a slide-over menu on small ones. */
export function AppShell({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser()
  // The real unread count for the Inbox badge (decision 031); null (no badge) while Gmail is not connected.
  const unreadCount = useUnreadCount().data?.count
  const draftCount = useDrafts({ enabled: Boolean(user?.gmailConnected) }).data?.total
  // The sidebar's views and labels, kept live by the same events as the badge.
  const labels = useLabels({ enabled: Boolean(user?.gmailConnected) }).data?.labels
  // Fetched ahead, so a new message or reply starts with it already (the editor starts once).
  useSignature({ enabled: Boolean(user?.gmailConnected) })
  // Page-wide settings (animations off) apply on every screen, not only where they are edited.
  const settings = useUserSettings()
  const onSyncDone = useNewMailAlerts(settings, user?.email ?? '')
  useLiveMail(Boolean(user?.gmailConnected), onSyncDone)
  const [menuOpen, setMenuOpen] = useState(false)
  const [tutorialOpen, setTutorialOpen] = useState(false)
  // Mounted from their first opening on, so closing still animates.
  const [menuUsed, setMenuUsed] = useState(false)
  const [tutorialUsed, setTutorialUsed] = useState(false)
  // The other screens load once the first one has painted, so moving to them is instant.
  useEffect(() => preloadScreensWhenIdle(), [])
  // The first sign-in's onboarding opens by itself, once: finishing or skipping it is saved.
  const firstSignIn = Boolean(user && !user.hasCompletedOnboarding)
  useEffect(() => {
    if (!firstSignIn) return
    setTutorialUsed(true)
    setTutorialOpen(true)
  }, [firstSignIn])
  if (!user) return null
  const openTutorial = () => {
    setMenuOpen(false)
    setTutorialUsed(true)
    setTutorialOpen(true)
  }

  return (
    <div className="flex h-dvh bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 border-r border-border bg-muted/30 lg:block">
        <Sidebar
          user={user}
          unreadCount={unreadCount}
          draftCount={draftCount}
          labels={labels}
          onTutorial={openTutorial}
        />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-border px-4 py-2 lg:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            onClick={() => {
              setMenuUsed(true)
              setMenuOpen(true)
            }}
          >
            <Menu aria-hidden="true" />
          </Button>
          <Brand />
          <span className="flex-1" />
          <DemoBadge />
        </header>
        <PastDueBanner />
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto outline-hidden">
          {children}
        </main>
      </div>

      <Suspense fallback={null}>
        {menuUsed && (
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen}>
            <Sidebar
              user={user}
              unreadCount={unreadCount}
              draftCount={draftCount}
              labels={labels}
              onNavigate={() => setMenuOpen(false)}
              onTutorial={openTutorial}
            />
          </MobileMenu>
        )}
        {tutorialUsed && (
          <OnboardingDialog
            open={tutorialOpen}
            onOpenChange={setTutorialOpen}
            myEmail={user.email}
            completed={user.hasCompletedOnboarding}
          />
        )}
      </Suspense>
    </div>
  )
}
