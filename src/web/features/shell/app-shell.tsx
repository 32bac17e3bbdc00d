import { useState, type ReactNode } from 'react'
import { Menu } from 'lucide-react'
import { Brand } from '../../components/brand'
import { Button } from '../../components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet'
import { useCurrentUser } from '../auth/api/get-current-user'
import { PastDueBanner } from '../billing/past-due-banner'
import { useUnreadCount } from '../inbox/api/get-unread-count'
import { useLiveMail } from '../inbox/api/use-live-mail'
import { useUserSettings } from '../settings/api/get-settings'
import { Sidebar } from './sidebar'
import { TutorialDialog } from './tutorial-dialog'

/** The signed-in layout: fixed sidebar on large screens, a slide-over menu on small ones. */
export function AppShell({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser()
  // The real unread count for the Inbox badge (D4); null (no badge) while Gmail is not connected.
  const unreadCount = useUnreadCount().data?.count
  useLiveMail(Boolean(user?.gmailConnected))
  // Page-wide settings (animations off) apply on every screen, not only where they are edited.
  useUserSettings()
  const [menuOpen, setMenuOpen] = useState(false)
  const [tutorialOpen, setTutorialOpen] = useState(false)
  if (!user) return null
  const openTutorial = () => {
    setMenuOpen(false)
    setTutorialOpen(true)
  }

  return (
    <div className="flex h-dvh bg-background text-foreground">
      <aside className="hidden w-64 shrink-0 border-r border-border bg-muted/30 lg:block">
        <Sidebar user={user} unreadCount={unreadCount} onTutorial={openTutorial} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-border px-4 py-2 lg:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <Brand />
        </header>
        <PastDueBanner />
        <main className="min-h-0 flex-1 overflow-y-auto">{children}</main>
      </div>

      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navigation and account</SheetDescription>
          <Sidebar
            user={user}
            unreadCount={unreadCount}
            onNavigate={() => setMenuOpen(false)}
            onTutorial={openTutorial}
          />
        </SheetContent>
      </Sheet>
      <TutorialDialog open={tutorialOpen} onOpenChange={setTutorialOpen} />
    </div>
  )
}
