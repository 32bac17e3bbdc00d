import { loadWhenIdle } from '../lib/when-idle'
import { lazyComponent } from '../lib/lazy-component'
// Already in the shell's code (the plan box and the past-due banner show it).
import { ManageBillingButton } from '../features/billing/manage-billing-button'

/**
 * The signed-in screens that are not the inbox, by their path: the route table renders them,
 * and their code loads when one is first shown, ahead of time on idle once the first screen
 * has painted, and at once when a link to it is hovered or focused (decision 036). The
 * inbox's first paint fetches none of it.
 */
export const SCREENS = {
  '/contacts': lazyComponent(() =>
    import('../features/contacts/contacts-screen').then((m) => m.ContactsScreen),
  ),
  '/writing-profiles': lazyComponent(() =>
    import('../features/profiles/writing-profiles-screen').then((m) => m.WritingProfilesScreen),
  ),
  // Settings shows billing's own Manage billing button: the app composes the two features.
  '/settings': lazyComponent(() =>
    import('../features/settings/settings-screen').then(
      ({ SettingsScreen }) =>
        function Settings() {
          return <SettingsScreen manageBilling={<ManageBillingButton variant="outline" />} />
        },
    ),
  ),
  '/compose': lazyComponent(() =>
    import('../features/mail/compose/components/compose-screen').then((m) => m.ComposeScreen),
  ),
  '/drafts': lazyComponent(() =>
    import('../features/mail/components/drafts-screen').then((m) => m.DraftsScreen),
  ),
  // Send later and Undo send's waiting mail (decision 053).
  '/app/scheduled': lazyComponent(() =>
    import('../features/mail/scheduled/scheduled-screen').then((m) => m.ScheduledScreen),
  ),
  '/upgrade': lazyComponent(() =>
    import('../features/billing/upgrade-screen').then((m) => m.UpgradeScreen),
  ),
  '/help-desk': lazyComponent(() =>
    import('../features/support/help-screens').then((m) => m.HelpDeskScreen),
  ),
  '/admin': lazyComponent(() =>
    import('../features/admin/admin-screen').then((m) => m.AdminScreen),
  ),
}

/** Starts loading the screen at `path`, if it is one of the above (its code loads once). */
export function preloadScreen(path: string) {
  if (path in SCREENS) void SCREENS[path as keyof typeof SCREENS].preload().catch(() => {})
}

/** Loads every screen above when the browser is idle; returns a function that cancels it. */
export function preloadScreensWhenIdle(): () => void {
  const cancels = Object.entries(SCREENS)
    .filter(([path]) => path !== '/admin')
    .map(([, screen]) => loadWhenIdle(screen.preload))
  return () => cancels.forEach((cancel) => cancel())
}
