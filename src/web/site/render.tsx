import { renderToString } from 'react-dom/server'
import type { Plans } from '../../contract/billing'
import { pageHead } from '../../contract/site'
import { PLANS_SCRIPT_ID, type SitePage } from './pages'
import { SiteApp } from './site-app'

/**
 * The page's HTML from the built template: its markup in #root, its title and meta tags in
 * the head (search engines and link previews read them), and the plans it was built with.
 */
export function renderSitePage(template: string, page: SitePage, plans: Plans | null): string {
  const markup = renderToString(<SiteApp page={page} plans={plans} />)
  const head = [
    pageHead(page.meta),
    // JSON in a data block is never run; `<` is escaped so no text can close the element.
    `<script type="application/json" id="${PLANS_SCRIPT_ID}">${JSON.stringify(plans).replace(/</g, '\\u003c')}</script>`,
  ].join('\n    ')
  const withHead = template.replace(/<title>[^<]*<\/title>/, head)
  const html = withHead.replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
  if (html === withHead || withHead === template) {
    throw new Error('The site template lacks <title> or <div id="root"></div>')
  }
  return html
}
