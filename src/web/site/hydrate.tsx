import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { Plans } from '../../contract/billing'
import { PLANS_SCRIPT_ID, sitePageFor } from './pages'
import { SiteApp } from './site-app'

function builtPlans(): Plans | null {
  const text = document.getElementById(PLANS_SCRIPT_ID)?.textContent
  return text ? (JSON.parse(text) as Plans) : null
}

/** Makes the prerendered page interactive (theme toggle, early-access form, live prices). */
export function hydrate(): void {
  const page = sitePageFor(window.location.pathname)
  const root = document.getElementById('root')
  if (!page || !root) return
  hydrateRoot(
    root,
    <StrictMode>
      <SiteApp page={page} plans={builtPlans()} />
    </StrictMode>,
  )
}
