import { expect, test } from '@playwright/test'
import { SAM, signInAs } from './support'

const ALEX = { name: 'Alex Morgan', email: 'alex.morgan@inkwell.demo' }

test('sign in from the landing page, stay signed in, log out', async ({ page }) => {
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(message.text())
    }
  })

  await page.goto('/')
  await page.getByRole('link', { name: 'Get Started' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your AI-powered email assistant')).toBeVisible()

  await signInAs(page, ALEX.email)
  await expect(page.getByRole('heading', { name: 'Completing Sign In' })).toBeVisible()
  await expect(page).toHaveURL(/\/app$/)
  const sidebar = page
    .getByRole('complementary')
    .filter({ has: page.getByRole('navigation', { name: 'Main' }) })
  await expect(sidebar.getByTestId('user-name')).toHaveText(ALEX.name)
  await expect(sidebar.getByTestId('user-email')).toHaveText(ALEX.email)
  await expect(sidebar.getByText('AI emails this month')).toBeVisible()
  // The demo account is the demo admin.
  await expect(sidebar.getByRole('link', { name: 'Admin Panel' })).toBeVisible()

  await page.reload()
  await expect(sidebar.getByTestId('user-email')).toHaveText(ALEX.email)

  await sidebar.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/inbox')
  await expect(page).toHaveURL(/\/auth\?next=%2Finbox$/)
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()

  // Signing in returns to the page that was asked for.
  await page.goto('/contacts')
  await expect(page).toHaveURL(/\/auth\?next=%2Fcontacts$/)
  await signInAs(page, ALEX.email)
  await expect(page).toHaveURL(/\/contacts$/)
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible()

  expect(cspViolations).toEqual([])
})

test('a sign-in error shows the spec message and leaves the address clean', async ({ page }) => {
  await page.goto('/auth?error=token_exchange')
  await expect(page.getByText('Authentication Error', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Failed to exchange authorization code for tokens', { exact: true }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
})

test('the second demo account is not an admin, and unknown paths show the 404 page', async ({
  page,
}) => {
  await page.goto('/login')
  await signInAs(page, SAM.email)
  await expect(page).toHaveURL(/\/app$/)
  const nav = page.getByRole('navigation', { name: 'Main' }).first()
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0)

  const missing = await page.goto('/no-such-page')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found — Inkwell')
  // Home, for someone signed in, is the inbox.
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/inbox$/)
})

test('the theme toggle switches to dark and is remembered', async ({ page }) => {
  await page.goto('/')
  // The landing is prerendered HTML; its buttons answer once the page has hydrated.
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/dark/)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
})
