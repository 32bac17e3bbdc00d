import type { FastifyInstance } from 'fastify'
import { INDEXED_PAGES } from '../../../contract/site.js'

export type SiteRoutesDeps = { appUrl: string }

/**
 * robots.txt and sitemap.xml, built from the public origin at run time: both need absolute
 * addresses, which the build cannot know.
 */
export async function siteRoutes(app: FastifyInstance, { appUrl }: SiteRoutesDeps) {
  const robots = [
    'User-agent: *',
    'Allow: /',
    // The API and the signed-in app hold nothing a search engine should list.
    ...['/api/', '/auth', '/app', '/inbox', '/settings', '/admin'].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n')
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...INDEXED_PAGES.map((p) => `  <url><loc>${appUrl}${p}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n')

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  )
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  )
}
