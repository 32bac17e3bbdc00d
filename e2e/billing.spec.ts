import { expect, test } from '@playwright/test'
import { expectAccessible, signIn } from './support'

/**
 * The Google stand-in's own default account: the journey makes it Pro, and no other journey
 * signs in with it, so theirs keep seeing the Free plan.
 */
const PAYING_USER = 'testuser@gmail.com'

test('Upgrade → Monthly → hosted checkout → Pro; cancel in the portal; a failed payment shows', async ({
  page,
}) => {
  await signIn(page, PAYING_USER)
  const sidebar = page.getByRole('complementary')
  await expect(sidebar.getByText('AI emails this month')).toBeVisible()

  await page.getByRole('link', { name: 'Upgrade', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Upgrade to Pro', level: 1 })).toBeVisible()
  // Every figure comes from GET /api/plans: $9 a month, $90 a year, and the Free allowance
  // this server is configured with.
  const plans = (await (await page.request.get('/api/plans')).json()) as {
    free: { aiEmailsPerMonth: number }
  }
  await expect(
    page.getByText(`${plans.free.aiEmailsPerMonth} AI-generated emails per month`),
  ).toBeVisible()
  const monthly = page.getByRole('group', { name: 'Monthly' })
  const yearly = page.getByRole('group', { name: 'Yearly' })
  await expect(monthly.getByText('$9', { exact: true })).toBeVisible()
  await expect(yearly.getByText('$90', { exact: true })).toBeVisible()
  await expect(yearly.getByText('Save 17% · 2 months free')).toBeVisible()
  await expect(yearly.getByText('$7.50 a month, billed yearly. Saves $18 a year.')).toBeVisible()
  await expectAccessible(page, 'main')

  await monthly.getByRole('button', { name: 'Choose Monthly' }).click()
  // The Stripe stand-in's hosted checkout page.
  await expect(page).toHaveURL(/\/checkout\/cs_/)
  await page.getByRole('button', { name: 'Pay $9.00' }).click()

  await expect(page).toHaveURL(/\/upgrade$/)
  await expect(page.getByRole('heading', { name: "You're on Pro" })).toBeVisible()
  await expect(sidebar.getByText('Pro Plan')).toBeVisible()
  await expect(sidebar.getByText('Unlimited')).toBeVisible()
  await expect(sidebar.getByText(/^Renews /)).toBeVisible()
  await expect(sidebar.getByText('AI emails this month')).toBeHidden()
  // AI generation (branch ai-server) is not merged here: Pro is asserted through the plan.
  const plan = await (await page.request.get('/api/user/plan')).json()
  expect(plan).toMatchObject({ plan: 'pro', aiEmailsLimit: null, canGenerateAI: true })

  // Settings → Manage billing → the stand-in's portal: cancel at the end of the period.
  await page.goto('/settings')
  await page.getByRole('button', { name: 'Manage billing' }).click()
  await expect(page.getByRole('heading', { name: 'Manage billing' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel at period end' }).click()
  await expect(page.getByText(/^Ends /)).toBeVisible()
  await page.getByRole('link', { name: 'Return to Inkwell' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  // Pro stays until the paid period ends.
  await expect(sidebar.getByText('Pro Plan')).toBeVisible()
  await expect(sidebar.getByText(/^Ends /)).toBeVisible()

  // A renewal payment fails: the app says so everywhere, with the way to fix it.
  await page.getByRole('button', { name: 'Manage billing' }).click()
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click()
  await expect(page.getByText('(payment failed)')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Inkwell' }).click()
  const banner = page.getByRole('alert').filter({ hasText: 'Your last payment failed.' })
  await expect(banner).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Manage billing' })).toBeVisible()
  // The plan box says so too, in place of its "Ends …" (or "Renews …") line (issue 25).
  await expect(
    sidebar.getByText('Payment failed: update your payment method to keep Pro', { exact: true }),
  ).toBeVisible()
  await expect(sidebar.getByText(/^(Renews|Ends) /)).toHaveCount(0)
})
