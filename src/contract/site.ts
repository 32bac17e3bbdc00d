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

/**
 * Every page address the web app answers, as its router names them (`:param` for one path
 * segment). The server answers any other page address 404 with the app's own 404 page, and
 * the web's route table is checked against this list (routes.test.ts), so the two never drift.
 */
export const APP_PATHS = [
  '/',
  '/landing',
  '/auth',
  '/login',
  '/oauth-success',
  '/app',
  '/inbox',
  '/app/starred',
  '/app/snoozed',
  '/app/important',
  '/app/sent',
  '/app/all',
  '/app/spam',
  '/app/trash',
  '/app/label/:id',
  '/contacts',
  '/writing-profiles',
  '/settings',
  '/compose',
  '/drafts',
  '/app/scheduled',
  '/upgrade',
  '/help-desk',
  '/admin',
  '/subscribe',
  '/privacypolicy',
  '/termsofservice',
  '/contact',
  '/help',
] as const

/** True when `pathname` (no query) is one of APP_PATHS; a trailing slash is the same page. */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return APP_PATHS.some((pattern) => {
    if (!pattern.includes(':')) return pattern === path
    const expected = pattern.split('/')
    const given = path.split('/')
    return (
      expected.length === given.length &&
      expected.every((part, i) => (part.startsWith(':') ? given[i] !== '' : part === given[i]))
    )
  })
}

/** A page's title and description, for its head (search results and link previews). */
export type PageMeta = { title: string; description: string }

/** The public pages the SPA serves (not prerendered), and the 404 page: their own head. */
export const PAGE_META = {
  '/contact': {
    title: 'Contact us — Inkwell',
    description:
      'Questions about Inkwell, your account or billing? Write to the Inkwell team; we answer by e-mail.',
  },
  '/help': {
    title: 'Help — Inkwell',
    description:
      'Answers about Inkwell: connecting Gmail, AI drafts tuned to each contact, writing profiles, plans and your data.',
  },
  notFound: {
    title: 'Page not found — Inkwell',
    description: 'This address names no page of Inkwell. Go back to the inbox or the home page.',
  },
} as const satisfies Record<string, PageMeta>

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The head tags of a page: its title, description and Open Graph card, escaped. */
export function pageHead({ title, description }: PageMeta): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Inkwell" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ')
}

/**
 * The app's document with `meta` as its head, in place of the template's title and generic
 * description. Null when the template lacks either (then it is sent as it is).
 */
export function documentWithMeta(template: string, meta: PageMeta): string | null {
  const withoutDescription = template.replace(/\s*<meta name="description"[^>]*>/, '')
  const html = withoutDescription.replace(/<title>[^<]*<\/title>/, pageHead(meta))
  return html === withoutDescription ? null : html
}
