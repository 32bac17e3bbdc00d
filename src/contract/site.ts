/**
 * The public pages the build prerenders to static HTML (decision 017): path → file under
 * dist/web. The build writes them, the server answers these paths with them.
 */
export const PRERENDERED_PAGES = {
  '/': 'site/landing.html',
  '/landing': 'site/landing.html',
  '/privacypolicy': 'site/privacypolicy.html',
  '/termsofservice': 'site/termsofservice.html',
} as const

/** The pages search engines are invited to index (sitemap.xml); the app itself is not. */
export const INDEXED_PAGES = ['/', '/privacypolicy', '/termsofservice', '/contact', '/help']
