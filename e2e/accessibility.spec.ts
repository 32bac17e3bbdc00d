import { expect, test, type Locator, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { signInAs } from './support'

/**
 * Every screen, light and dark, desktop and phone: no serious or critical axe finding (WCAG
 * 2.x A/AA rules), issue 25. The mail itself (the sandboxed frame of someone else's HTML) is
 * not Inkwell's markup and is left out; everything around it is scanned.
 */

const ALEX = 'alex.morgan@inkwell.demo'
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const
const SCHEMES = ['light', 'dark'] as const

/** What axe finds serious or critical on the page as it is now, one line per rule. */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="email-frame"]')
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    )
}

/** Waits until `element` has finished its entrance (opacity 1): axe reads colours as drawn. */
async function settled(element: Locator) {
  await expect(element).toBeVisible()
  await expect(element).toHaveCSS('opacity', '1')
}

/** The levels of the page's headings, in order, as assistive technology meets them. */
function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => getComputedStyle(h).display !== 'none' && !h.closest('[hidden]'))
      .map((h) => Number(h.tagName[1])),
  )
}

/** Headings never skip a level on the way down (h1 → h3 without an h2). */
async function expectNoSkippedHeading(page: Page, screen: string) {
  const levels = await headingLevels(page)
  const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)
  expect(skips, `${screen}: heading levels ${levels.join(' ')}`).toEqual([])
}

/** The screen's title is there and nothing is loading any more. */
async function screenReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0, { timeout: 30_000 })
}

for (const viewport of VIEWPORTS) {
  for (const scheme of SCHEMES) {
    test(`every screen has no serious axe finding: ${scheme}, ${viewport.name}`, async ({
      page,
    }) => {
      test.setTimeout(300_000)
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      // The app's own theme setting (localStorage `theme`, read before the first paint).
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), scheme)
      const findings: Record<string, string[]> = {}
      const scan = async (screen: string) => {
        const found = await seriousFindings(page)
        if (found.length) findings[screen] = found
      }

      // Signed out: the landing, the sign-in page, the contact page with a red toast, 404.
      await page.goto('/')
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
      if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/)
      await scan('landing')
      await page.goto('/login')
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
      await scan('login')
      await page.goto('/contact')
      await screenReady(page)
      await page.getByRole('button', { name: 'Send Message' }).click()
      await settled(page.locator('li', { hasText: 'Missing Information' }))
      await scan('contact with an error toast')
      await page.goto('/no-such-page')
      await screenReady(page)
      await scan('404 signed out')

      // Signed in as Alex, the demo admin, who sees every screen.
      await page.goto('/login')
      await signInAs(page, ALEX)
      await expect(page).toHaveURL(/\/app$/)
      await expect(page.getByTestId('thread-row').first()).toBeVisible({ timeout: 30_000 })
      await scan('inbox')
      await page.getByTestId('thread-row').first().getByRole('button').first().click()
      await expect(page.getByTestId('message').last()).toBeVisible()
      await scan('inbox with a conversation open')
      // Also on a phone, where the conversation takes the whole screen, the page has its h1.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)

      for (const [path, screen] of [
        ['/compose', 'compose'],
        ['/drafts', 'drafts'],
        ['/writing-profiles', 'writing profiles'],
        ['/settings', 'settings'],
        ['/upgrade', 'upgrade'],
        ['/help-desk', 'help desk'],
        ['/admin', 'admin'],
        ['/help', 'help'],
        ['/no-such-page', '404 signed in'],
      ] as const) {
        await page.goto(path)
        await screenReady(page)
        await scan(screen)
        if (path === '/upgrade') await expectNoSkippedHeading(page, screen)
      }

      await page.goto('/contacts')
      await screenReady(page)
      await scan('contacts')
      await page.getByRole('button', { name: 'Add Contact' }).first().click()
      await settled(page.getByRole('dialog', { name: 'Add Contact' }))
      await scan('contacts: the Add Contact dialog')
      await page.keyboard.press('Escape')

      expect(findings).toEqual({})
    })
  }
}
