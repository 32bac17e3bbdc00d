import { expect, test } from '@playwright/test'
import { signIn } from './support'

/** Issue 11, point 7: at phone size (390×844) the menu, the top bar and Compose hold up. */
test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, the Demo badge is in the top bar and clear of the menu, and Send is in view', async ({
  page,
}) => {
  test.slow()
  await signIn(page)

  const topBar = page
    .locator('header')
    .filter({ has: page.getByRole('button', { name: 'Open menu' }) })
  await expect(topBar.getByText('Demo', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  const close = menu.getByRole('button', { name: 'Close menu' })
  const badge = menu.getByText('Demo', { exact: true })
  await expect(badge).toBeVisible()
  const a = (await close.boundingBox())!
  const b = (await badge.boundingBox())!
  const overlap =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  expect(overlap, 'the close button covers the Demo badge').toBe(false)
  await menu.getByRole('link', { name: 'Compose' }).click()

  await expect(page).toHaveURL(/\/compose$/)
  const send = page.getByRole('button', { name: 'Send Email' })
  await expect(send).toBeInViewport()
  // Nothing is wider than the screen.
  const widest = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(widest).toBeLessThanOrEqual(390)
})
