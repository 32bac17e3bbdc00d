import { expect, type Locator, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

/** The non-admin demo account (the journeys' default user). */
export const SAM = { name: 'Sam Rivera', email: 'sam.rivera@inkwell.demo' }

/**
 * The demo's spare account: the journeys that change a whole account (delete it, spend its
 * Free allowance) sign in as Jordan, so what they do reaches no other journey.
 */
export const JORDAN = { name: 'Jordan Lee', email: 'jordan.lee@inkwell.demo' }

/**
 * The onboarding as it opens by itself on an account's first sign-in (issue 25): named by its
 * first step, so the Tutorial button's restart is a journey's own to test.
 */
export const onboardingDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Welcome to Inkwell' })

const pagesSkippingOnboarding = new WeakSet<Page>()

/**
 * Journeys share the demo accounts, and whichever signs an account in first meets its
 * onboarding. For the journeys that sign in through signInAs themselves, a locator handler
 * presses Skip whenever it shows, before the journey's next action or assertion: nothing waits
 * for it when it does not come.
 */
export async function skipOnboardingWhenShown(page: Page) {
  if (pagesSkippingOnboarding.has(page)) return
  pagesSkippingOnboarding.add(page)
  await page.addLocatorHandler(onboardingDialog(page), async (dialog) => {
    await dialog.getByRole('button', { name: 'Skip' }).click()
  })
}

/**
 * Signs in through the Google stand-in's account chooser, as a person would. The first
 * sign-in's onboarding is skipped when it shows, unless `onboarding: 'keep'`.
 */
export async function signInAs(
  page: Page,
  email: string,
  { onboarding = 'skip' }: { onboarding?: 'skip' | 'keep' } = {},
) {
  if (onboarding === 'skip') await skipOnboardingWhenShown(page)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByText('Sign in to Google')).toBeVisible()
  await page.locator('form', { hasText: email }).locator('button').click()
}

/**
 * Opens the sign-in screen, signs in and waits for the app to land. An account's first
 * sign-in opens its onboarding: one question to the API says whether it will, and only then is
 * it waited for and skipped, so no journey's keys or clicks go to it.
 */
export async function signIn(page: Page, email = SAM.email) {
  await page.goto('/login')
  await signInAs(page, email, { onboarding: 'keep' })
  await expect(page).toHaveURL(/\/app$/)
  const me = (await (await page.request.get('/api/auth/user')).json()) as {
    hasCompletedOnboarding?: boolean
  }
  if (me.hasCompletedOnboarding === false) {
    const dialog = onboardingDialog(page)
    await dialog.getByRole('button', { name: 'Skip' }).click()
    await expect(dialog).toHaveCount(0)
    // Until the server has it, a page load (a journey's next goto) could cancel the request
    // and the onboarding would open again.
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get('/api/auth/user')).json()) as {
              hasCompletedOnboarding?: boolean
            }
          ).hasCompletedOnboarding,
      )
      .toBe(true)
  }
}

/** Journeys in one run share a database: names that cannot collide with another test's. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/**
 * No axe violations inside `selector` (WCAG 2.x A/AA rules): labels, names, roles, contrast.
 * Scoped, so one screen's journey does not fail on another screen's markup.
 */
export async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

/**
 * The address chips of an editor's To, Cc or Bcc field. Each chip shows a name and keeps the
 * whole entry ("Name <address>" or the address) in its title.
 */
export function recipientChips(scope: Page | Locator, field: 'To' | 'Cc' | 'Bcc'): Locator {
  return scope.getByRole('list', { name: `${field} recipients` }).getByRole('listitem')
}

/**
 * How long "Email sent" may take: it shows once the server has really sent the message, after
 * the Undo send window (5 s by default) and the send job's start.
 */
export const SENT = { timeout: 20_000 }
