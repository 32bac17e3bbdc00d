import { whenIdle } from '../lib/when-idle'

/**
 * The code of each signed-in screen that is not the inbox, by its path: loaded by the route
 * table when the screen is first shown, ahead of time on idle once the first screen has
 * painted, and at once when a link to it is hovered or focused (decision 036). The inbox's
 * first paint fetches none of it.
 */
export const SCREENS = {
  '/contacts': () => import('../features/contacts/contacts-screen'),
  '/writing-profiles': () => import('../features/profiles/writing-profiles-screen'),
  '/settings': () =>
    Promise.all([
      import('../features/settings/settings-screen'),
      import('../features/billing/manage-billing-button'),
    ]),
  '/compose': () => import('../features/mail/compose/components/compose-screen'),
  '/drafts': () => import('../features/mail/components/drafts-screen'),
  '/upgrade': () => import('../features/billing/upgrade-screen'),
  '/help-desk': () => import('../features/support/help-screens'),
  '/admin': () => import('../features/admin/admin-screen'),
} as const

/** Starts loading the screen at `path`, if it is one of the above (a module loads once). */
export function preloadScreen(path: string) {
  if (path in SCREENS) void SCREENS[path as keyof typeof SCREENS]().catch(() => {})
}

/** Loads every screen above when the browser is idle; returns a function that cancels it. */
export function preloadScreensWhenIdle(): () => void {
  return whenIdle(() => {
    for (const path of Object.keys(SCREENS)) if (path !== '/admin') preloadScreen(path)
  })
}
