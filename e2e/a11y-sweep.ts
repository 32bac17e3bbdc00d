import { expect, test, type Locator, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { signIn } from './support'

/**
 * The accessibility sweep (issue 25): every screen, with no serious or critical axe finding
 * (WCAG 2.x A/AA rules). One spec file per colour scheme and screen size calls `sweep`, so the
 * journeys' lanes run the four side by side rather than one long file. Each signs in once and
 * walks every screen on that one page. The mail itself (the sandboxed frame of someone else's
 * HTML) is not Inkwell's markup and is left out; everything around it is scanned.
 */

const ALEX = 'alex.morgan@inkwell.demo'
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const
export type Scheme = 'light' | 'dark'
export type Size = keyof typeof VIEWPORTS

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

const rows = (page: Page) => page.getByTestId('thread-row')

/** A Free plan with its allowance spent: the inbox's banner and the plan box's Upgrade. */
const SPENT_PLAN = {
  plan: 'free',
  aiEmailsUsed: 6,
  aiEmailsLimit: 6,
  canGenerateAI: false,
  proExpiration: null,
  proRenews: false,
  paymentPastDue: false,
  canManageBilling: false,
}

/**
 * The sweep of one colour scheme at one screen size, run by its spec file's one test (declared
 * there, so each file's time is its own in e2e/durations.json). Collects every screen's
 * findings and fails once at the end with all of them.
 */
export async function sweep(page: Page, scheme: Scheme, size: Size) {
  const phone = size === 'phone'
  // About 40 scans, each a few seconds on a loaded 2-core machine.
  test.setTimeout(300_000)
  await page.setViewportSize(VIEWPORTS[size])
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
  // The app's own theme setting (localStorage `theme`, read before the first paint).
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), scheme)
  const findings: Record<string, string[]> = {}
  const scan = async (screen: string) => {
    const found = await seriousFindings(page)
    if (found.length) findings[screen] = found
  }
  const visit = async (path: string, screen: string) => {
    await page.goto(path)
    await screenReady(page)
    await scan(screen)
  }
  /** On a phone the sidebar is behind the menu: opens it and answers it. */
  const openMenu = async () => {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await settled(menu)
    return menu
  }

  // Signed out: the landing, the sign-in page, the contact page with a red toast, 404, and
  // the legal pages.
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
  await visit('/no-such-page', '404 signed out')
  await visit('/privacypolicy', 'privacy policy')
  await visit('/termsofservice', 'terms of service')

  // Signed in as Alex, the demo admin, who sees every screen. No locator handler skips the
  // onboarding here: the Tutorial button opens it below, to be scanned.
  await signIn(page, ALEX)
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await scan('inbox')

  // The onboarding, as the Tutorial button opens it again: its first step and the one with
  // a form (the people written to most).
  const tutorialFrom = phone ? await openMenu() : page
  await tutorialFrom.getByRole('button', { name: 'Tutorial' }).click()
  const onboarding = page.getByRole('dialog', { name: 'Welcome to Inkwell' })
  await settled(onboarding)
  await scan('onboarding: welcome')
  // The dialog is named by its step's title.
  await onboarding.getByRole('button', { name: 'Next' }).click()
  await page
    .getByRole('dialog', { name: 'Learn my style from my sent mail' })
    .getByRole('button', { name: 'Next' })
    .click()
  const people = page.getByRole('dialog', {
    name: 'Set how you write to the people you write to most',
  })
  await settled(people)
  await expect(people.getByText('Loading', { exact: false })).toHaveCount(0)
  await scan('onboarding: the people written to most')
  await people.getByRole('button', { name: 'Skip' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Smart Reply from a row's quick actions: its suggestions cost no credit (decision 046).
  await rows(page)
    .first()
    .getByRole('button', { name: /^Quick actions/ })
    .click()
  await page.getByRole('menuitem', { name: 'Smart Reply' }).click()
  const smartReply = page.getByRole('dialog', { name: 'Smart AI Reply' })
  await settled(smartReply)
  await expect(
    smartReply.getByRole('group', { name: 'Suggested replies' }).getByRole('button').first(),
  ).toBeVisible({ timeout: 30_000 })
  await scan('the Smart Reply dialog')
  await smartReply.getByRole('button', { name: 'Cancel' }).click()
  await expect(smartReply).toHaveCount(0)

  await rows(page).first().getByRole('button').first().click()
  await expect(page.getByTestId('message').last()).toBeVisible()
  await scan('inbox with a conversation open')
  // Also on a phone, where the conversation takes the whole screen, the page has its h1.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)

  // The phone's slide-over menu, with the mailbox's views and labels.
  if (phone) {
    await page.goto('/inbox')
    await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
    const menu = await openMenu()
    await expect(menu.getByRole('link', { name: /^Sent/ })).toBeVisible()
    await scan('the slide-over menu')
    await menu.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toHaveCount(0)
  }

  // The mailbox's other views: Sent, a label's, Scheduled.
  await visit('/app/sent', 'sent')
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await scan('sent with its rows')
  const { labels } = (await (await page.request.get('/api/gmail/labels')).json()) as {
    labels: { id: string; name: string; type: string; total: number }[]
  }
  const label = labels.find((l) => l.type === 'user' && l.total > 0)
  expect(label, 'a label of the demo mailbox with conversations').toBeDefined()
  await page.goto(`/app/label/${encodeURIComponent(label!.id)}`)
  await screenReady(page)
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await scan(`the label view (${label!.name})`)
  await visit('/app/scheduled', 'scheduled')

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
    await visit(path, screen)
    if (path === '/upgrade') await expectNoSkippedHeading(page, screen)
  }

  await visit('/contacts', 'contacts')
  await page.getByRole('button', { name: 'Add Contact' }).first().click()
  await settled(page.getByRole('dialog', { name: 'Add Contact' }))
  await scan('contacts: the Add Contact dialog')
  await page.keyboard.press('Escape')

  // At 0 credits (the plan as the server would say it, not spent for real: other journeys
  // use Alex's allowance): the inbox's banner and the plan box's Upgrade.
  await page.route('**/api/user/plan', (route) => route.fulfill({ json: SPENT_PLAN }))
  await page.goto('/inbox')
  await expect(page.getByRole('status').filter({ hasText: 'AI Credits Exhausted' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await scan('inbox at 0 credits')
  if (phone) {
    const menu = await openMenu()
    await expect(menu.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible()
    await scan('the slide-over menu at 0 credits')
  }
  await page.unroute('**/api/user/plan')

  expect(findings).toEqual({})
}
