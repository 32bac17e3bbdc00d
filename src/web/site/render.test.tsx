import { describe, expect, it } from 'vitest'
import type { Plans } from '../../contract/billing'
import { SITE_PAGES, sitePageFor } from './pages'
import { renderSitePage } from './render'

const TEMPLATE = `<!doctype html><html><head><title>Inkwell</title>
<script type="module" src="/assets/site.js"></script></head>
<body><div id="root"></div></body></html>`

const plans: Plans = {
  free: { aiEmailsPerMonth: 25, features: ['Free thing one', 'Free thing two'] },
  pro: {
    features: ['Pro thing one', 'Pro thing two'],
    monthly: { interval: 'monthly', priceId: 'm', amountMinor: 1200, currency: 'usd' },
    yearly: {
      interval: 'yearly',
      priceId: '</script><script>alert(1)</script>',
      amountMinor: 12000,
      currency: 'usd',
    },
  },
}

describe('renderSitePage', () => {
  const landing = renderSitePage(TEMPLATE, SITE_PAGES['/']!, plans)

  it('puts the page, with the plans it was given, into the template', () => {
    const root = landing.slice(landing.indexOf('<div id="root">'))
    expect(root).toContain('Key Features')
    expect(root).toContain('25 AI-generated emails per month')
    expect(root).toContain('$12')
    expect(root).toContain('$120')
    // The feature lists are the plans' own (decision 051), not a copy kept in the page.
    for (const feature of [...plans.free.features, ...plans.pro.features]) {
      expect(root).toContain(feature)
    }
    expect(root).not.toContain('Contact management')
    expect(landing).toContain('<script type="module" src="/assets/site.js"></script>')
  })

  it('gives the page its title, description and Open Graph tags', () => {
    expect(landing).toContain(
      '<title>Inkwell — AI e-mail assistant for Gmail that writes like you</title>',
    )
    expect(landing).not.toContain('<title>Inkwell</title>')
    expect(landing).toMatch(/<meta name="description" content="Inkwell writes Gmail e-mails/)
    expect(landing).toMatch(/<meta property="og:title" content="Inkwell — AI e-mail/)
    expect(landing).toMatch(/<meta property="og:description" content="Inkwell writes/)
  })

  it('keeps the plans for hydration where no text can close the data block', () => {
    const data = landing.match(
      /<script type="application\/json" id="inkwell-plans">(.*?)<\/script>/,
    )
    expect(data).not.toBeNull()
    expect(JSON.parse(data![1]!)).toEqual(plans)
    expect(landing).not.toContain('<script>alert(1)')
  })

  it('refuses a template it cannot fill', () => {
    expect(() => renderSitePage('<html></html>', SITE_PAGES['/']!, plans)).toThrow(/template/)
  })
})

describe('sitePageFor', () => {
  it('finds the landing at / and /landing, and the legal pages, with or without a slash', () => {
    expect(sitePageFor('/')).toBe(SITE_PAGES['/'])
    expect(sitePageFor('/landing')).toBe(SITE_PAGES['/'])
    expect(sitePageFor('/privacypolicy/')).toBe(SITE_PAGES['/privacypolicy'])
    expect(sitePageFor('/termsofservice')).toBe(SITE_PAGES['/termsofservice'])
    expect(sitePageFor('/contact')).toBeUndefined()
  })
})
