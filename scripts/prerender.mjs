// Runs after `vite build`: renders the public pages (landing, privacy policy, terms) into
// static HTML under dist/web/site/, so they paint before any script and crawlers read them
// (decision 017). The server answers their paths with these files.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'

const webRoot = path.resolve('dist/web')
const templateFile = path.join(webRoot, 'site.html')

const { SITE_PAGES } = await tsImport('../src/web/site/pages.tsx', import.meta.url)
const { renderSitePage } = await tsImport('../src/web/site/render.tsx', import.meta.url)
const { prerenderPlans } = await tsImport('./prerender-plans.ts', import.meta.url)

const template = readFileSync(templateFile, 'utf8')
const plans = prerenderPlans()
for (const page of Object.values(SITE_PAGES)) {
  const file = path.join(webRoot, page.file)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, renderSitePage(template, page, plans))
}
// The bare template has no content of its own; nothing should serve it.
rmSync(templateFile)
console.log(`[inkwell] Prerendered ${Object.keys(SITE_PAGES).length} public pages`)
