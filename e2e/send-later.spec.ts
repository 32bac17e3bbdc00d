import { expect, test, type Page } from '@playwright/test'
import { recipientChips, SAM, signIn, unique } from './support'

/**
 * Issue 24, decision 053, as Sam (Free): Send's menu offers Send later with the Pro badge and
 * the way to upgrade, and sends nothing. Undo send: "Sending… Undo" shows at the click, Undo
 * reopens Compose with the message as it was; sent again, it goes once its window (5 s, the
 * default) is over and shows in Sent.
 */

// The Undo send window, then the send and the live event that brings it into Sent.
test.describe.configure({ timeout: 120_000 })

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first()
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true })
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ })

test('Send later shows a Free user the Pro badge; Undo send reopens the message; sent, it is in Sent', async ({
  page,
}) => {
  await signIn(page)
  await sidebar(page).getByRole('link', { name: 'Compose', exact: true }).click()
  const subject = unique('Undo send check')
  const text = 'Second thoughts about the plan.'
  await field(page, 'To').fill(SAM.email)
  await field(page, 'Subject').fill(subject)
  await field(page, 'Message').fill(text)

  // Send later is Pro: the badge in the menu, and choosing it says how to upgrade.
  await page.getByRole('button', { name: 'More send options' }).click()
  const menu = page.getByRole('menu', { name: 'More send options' })
  await expect(menu.getByText('Pro', { exact: true })).toBeVisible()
  await menu.getByRole('menuitem', { name: /^Tomorrow morning/ }).click()
  await expect(page.getByText('Send later is part of Pro', { exact: true })).toBeVisible()
  await expect(toasts(page).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/upgrade',
  )
  // Nothing was sent: the message is still being written.
  await expect(field(page, 'Subject')).toHaveValue(subject)
  await expect(field(page, 'Message')).toHaveValue(text)

  // Send, then Undo in the toast: Compose opens again on the same message.
  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(toasts(page).getByText('Sending…', { exact: true })).toBeVisible()
  await toasts(page).getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText('Sending undone', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/compose$/)
  await expect(field(page, 'Subject')).toHaveValue(subject)
  await expect(field(page, 'Message')).toHaveValue(text)
  await expect(recipientChips(page, 'To')).toHaveCount(1)
  await expect(recipientChips(page, 'To').first()).toHaveAttribute('title', SAM.email)

  // Sent again and left alone: it goes when the window is over, once.
  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(toasts(page).getByText('Sending…', { exact: true })).toBeVisible()
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(field(page, 'Subject')).toHaveValue('')

  await sidebar(page).getByRole('link', { name: /^Sent/ }).click()
  await expect(page).toHaveURL(/\/app\/sent$/)
  const sent = page.getByTestId('thread-row').filter({ hasText: subject })
  await expect(sent).toHaveCount(1, { timeout: 30_000 })

  // Nothing of it waits any more in Scheduled.
  await page.goto('/app/scheduled')
  await expect(page.getByRole('heading', { name: 'Scheduled', level: 1 })).toBeVisible()
  await expect(page.getByTestId('scheduled-row').filter({ hasText: subject })).toHaveCount(0)
})
