import {
  Crown,
  LifeBuoy,
  PenSquare,
  Settings,
  Shield,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react'

export type NavItem = { href: string; label: string; icon: LucideIcon; matches?: string[] }

/** The app's screens beside the mailbox (whose views the sidebar lists first). */
export const NAV_ITEMS: NavItem[] = [
  { href: '/contacts', label: 'Contacts', icon: Users },
  { href: '/compose', label: 'Compose', icon: PenSquare },
  { href: '/writing-profiles', label: 'Writing Profiles', icon: Sparkles },
  { href: '/upgrade', label: 'Upgrade', icon: Crown },
  { href: '/help-desk', label: 'Help', icon: LifeBuoy },
  { href: '/settings', label: 'Settings', icon: Settings },
]

export const ADMIN_NAV_ITEM: NavItem = { href: '/admin', label: 'Admin Panel', icon: Shield }
