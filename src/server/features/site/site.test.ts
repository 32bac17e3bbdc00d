import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_URL, startHarness, type Harness } from '../../test/harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => h?.close())

describe('robots.txt and sitemap.xml', () => {
  it('invite crawlers to the public pages with absolute addresses, and keep them out of the app', async () => {
    const robots = await h.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`)
    expect(robots.body).toContain('Disallow: /api/')

    const sitemap = await h.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/)
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locations).toEqual(
      ['/', '/privacypolicy', '/termsofservice', '/contact', '/help'].map((p) => `${APP_URL}${p}`),
    )
  })
})
