import { Link, useLocation } from 'wouter'
import { GraduationCap, LogOut, Moon, Sun } from 'lucide-react'
import type { CurrentUser } from '../../../contract/auth'
import type { Label } from '../../../contract/labels'
import { Brand } from '../../components/brand'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { cn } from '../../lib/cn'
import { useTheme } from '../../lib/use-theme'
import { useLogout } from '../../lib/session/logout'
import { CreditCard, useCardOffersUpgrade } from '../../features/ai/credit-widgets'
import { MailboxNav } from '../../features/mail/components/mailbox-nav'
import { LabelOptions, LabelOptionsProvider } from '../../features/mail/components/label-options'
import { useViewPrefetch } from '../../features/mail/api/prefetch-view'
import { useMeta } from '../../lib/queries/meta'
import { preloadScreen } from '../screens'
import { ADMIN_NAV_ITEM, NAV_ITEMS, type NavItem } from './nav-items'

export type SidebarProps = {
  user: CurrentUser
  /** Unread threads in the inbox; the badge stays hidden until it is known. */
  unreadCount?: number
  /** The user's Gmail drafts; no count until it is known. */
  draftCount?: number
  /** The mailbox's labels with their counts, for the views and the label tree. */
  labels?: readonly Label[]
  onNavigate?: () => void
  onTutorial: () => void
}

export function UserAvatar({
  user,
  className,
}: {
  user: Pick<CurrentUser, 'name' | 'avatar'>
  className?: string
}) {
  const initial = (user.name.trim()[0] ?? '?').toUpperCase()
  return user.avatar ? (
    <img
      src={user.avatar}
      alt=""
      referrerPolicy="no-referrer"
      className={cn('size-9 rounded-full object-cover', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary',
        className,
      )}
    >
      {initial}
    </span>
  )
}

/** Says the demo's Google is a stand-in; shown in the sidebar and the small-screen top bar. */
export function DemoBadge() {
  const { data: meta } = useMeta()
  if (!meta?.demo) return null
  return (
    <Badge variant="warning" title="Google is a local stand-in with a sample mailbox">
      Demo
    </Badge>
  )
}

/** The sidebar's content, shared by the fixed sidebar and the small-screen slide-over. */
export function Sidebar({
  user,
  unreadCount,
  draftCount,
  labels,
  onNavigate,
  onTutorial,
}: SidebarProps) {
  const [location] = useLocation()
  const { theme, toggleTheme } = useTheme()
  const logout = useLogout()
  // While the plan box offers Upgrade to Pro, it is the one call to action, not a second link.
  const offersUpgrade = useCardOffersUpgrade()
  const items = (user.isAdmin ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS).filter(
    (item) => !(offersUpgrade && item.href === '/upgrade'),
  )
  const isActive = (item: NavItem) => (item.matches ?? [item.href]).includes(location)
  // A view's link pointed at or focused: its first page loads with its code, so a first visit
  // shows rows as fast as a warm one.
  const prefetchView = useViewPrefetch(labels)
  const onViewIntent = (path: string) => {
    preloadScreen(path)
    prefetchView(path)
  }

  return (
    <div className="flex h-full flex-col gap-4 p-4">
      {/* In the slide-over, the sheet's close button sits top right: the badge keeps clear. */}
      <div className={cn('flex items-center justify-between', onNavigate && 'pr-9')}>
        <Brand />
        <DemoBadge />
      </div>

      <div className="flex items-center gap-3 rounded-lg px-1 py-2">
        <UserAvatar user={user} />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" data-testid="user-name">
            {user.name}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="user-email">
            {user.email}
          </p>
        </div>
      </div>

      <CreditCard />

      {/* The mailbox's views and labels scroll; the screens below them (Settings last) stay
          in view however short the window and however tall the plan box. */}
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-3">
        <div className="min-h-16 flex-1 overflow-y-auto">
          <LabelOptionsProvider>
            <MailboxNav
              location={location}
              labels={labels}
              unreadCount={unreadCount}
              draftCount={draftCount}
              onNavigate={onNavigate}
              onIntent={onViewIntent}
              labelActions={(label) => <LabelOptions label={label} />}
            />
          </LabelOptionsProvider>
        </div>
        <ul className="shrink-0 space-y-0.5 border-t border-border pt-3">
          {items.map((item) => {
            const active = isActive(item)
            const Icon = item.icon
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  // A pointer on its way, or the keyboard's focus: the screen's code starts now.
                  onPointerEnter={() => preloadScreen(item.href)}
                  onFocus={() => preloadScreen(item.href)}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors',
                    active
                      ? 'bg-primary/10 font-medium text-primary'
                      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <div className="space-y-1 border-t border-border pt-3">
        <Button variant="ghost" size="sm" className="w-full justify-start" onClick={onTutorial}>
          <GraduationCap aria-hidden="true" /> Tutorial
        </Button>
        <Button variant="ghost" size="sm" className="w-full justify-start" onClick={toggleTheme}>
          {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          {theme === 'dark' ? 'Light mode' : 'Dark mode'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="w-full justify-start"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          <LogOut aria-hidden="true" /> Logout
        </Button>
        <p className="flex gap-3 px-3 pt-2 text-xs text-muted-foreground">
          <Link href="/privacypolicy" className="hover:underline">
            Privacy
          </Link>
          <Link href="/termsofservice" className="hover:underline">
            Terms
          </Link>
          <Link href="/contact" className="hover:underline">
            Contact
          </Link>
        </p>
      </div>
    </div>
  )
}
