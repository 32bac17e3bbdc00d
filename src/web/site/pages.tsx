import type { ReactNode } from 'react'
import type { Plans } from '../../contract/billing'
import { PRERENDERED_PAGES } from '../../contract/site'
import { LANDING_META, LandingPage } from '../features/landing/landing-page'
import { PRIVACY_META, PrivacyPolicy } from '../features/legal/privacy-policy'
import { TERMS_META, TermsOfService } from '../features/legal/terms-of-service'

export type SitePage = {
  /** The file under dist/web the prerender writes and the server answers the path with. */
  file: (typeof PRERENDERED_PAGES)[keyof typeof PRERENDERED_PAGES]
  meta: { title: string; description: string }
  render: (plans: Plans | null) => ReactNode
}

/**
 * The public pages built to static HTML (decision 017), by path. The app's router renders
 * the same components when it reaches these paths itself (development, in-app links).
 */
export const SITE_PAGES: Record<string, SitePage> = {
  '/': {
    file: PRERENDERED_PAGES['/'],
    meta: LANDING_META,
    render: (plans) => <LandingPage initialPlans={plans} />,
  },
  '/privacypolicy': {
    file: PRERENDERED_PAGES['/privacypolicy'],
    meta: PRIVACY_META,
    render: () => <PrivacyPolicy />,
  },
  '/termsofservice': {
    file: PRERENDERED_PAGES['/termsofservice'],
    meta: TERMS_META,
    render: () => <TermsOfService />,
  },
}

/** The page for a location: `/landing` is the landing page too (the spec names both paths). */
export function sitePageFor(pathname: string): SitePage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  return SITE_PAGES[path === '/landing' ? '/' : path]
}

/** Where the prerendered page keeps the plans it was built with, for hydration. */
export const PLANS_SCRIPT_ID = 'inkwell-plans'
