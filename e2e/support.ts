import { expect, type Locator, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

/** The non-admin demo account (the journeys' default user). */
export const SAM = { name: 'Sam Rivera', email: 'sam.rivera@inkwell.demo' }

/**
 * The demo's spare account: the journeys that change a whole account (delete it, spend its
 * Free allowance) sign in as Jordan, so what they do reaches no other journey.
 */
export const JORDAN = { name: 'Jordan Lee', email: 'jordan.lee@inkwell.demo' }

/** Signs in through the Google stand-in's account chooser, as a person would. */
export async function signInAs(page: Page, email: string) {
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByText('Sign in to Google')).toBeVisible()
  await page.locator('form', { hasText: email }).locator('button').click()
}

/** Opens the sign-in screen, signs in and waits for the app to land. */
export async function signIn(page: Page, email = SAM.email) {
  await page.goto('/login')
  await signInAs(page, email)
  await expect(page).toHaveURL(/\/app$/)
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
