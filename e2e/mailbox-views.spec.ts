import { expect, test, type Page } from '@playwright/test'
import { signIn, unique } from './support'

/**
 * Issue 28: the whole mailbox. Sent is a view of its own; a label made from the `l` picker
 * shows as a chip and has its view; a selection made with `x` is archived and brought back with
 * Undo; a conversation snoozed until tomorrow waits in Snoozed.
 */

const rows = (page: Page) => page.getByTestId('thread-row')
const row = (page: Page, id: string) =>
  page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`)
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const idAt = async (page: Page, index: number) =>
  (await rows(page).nth(index).getAttribute('data-thread-id'))!

async function goToInbox(page: Page) {
  // Gmail's "go to inbox": g, then i, away from any field.
  await page.locator('body').click({ position: { x: 1, y: 1 } })
  await page.keyboard.press('g')
  await page.keyboard.press('i')
  await expect(page).toHaveURL(/\/inbox$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
}

test('Sent, a new label, a selection archived and undone, and a snooze', async ({ page }) => {
  test.slow()
  await signIn(page)
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })

  // Sent: its own URL, its own list, with what Sam sent.
  await sidebar(page).getByRole('link', { name: /^Sent/ }).click()
  await expect(page).toHaveURL(/\/app\/sent$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sent' })).toBeVisible()
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })

  // A label created from the `l` picker on the conversation under the cursor.
  await goToInbox(page)
  await page.keyboard.press('j')
  const labelled = await idAt(page, 0)
  await page.keyboard.press('l')
  const picker = page.getByRole('dialog', { name: 'Label as' })
  await expect(picker).toBeVisible()
  const name = unique('Trips').replace(/\s+/g, '-')
  await picker.getByRole('textbox', { name: 'Filter labels' }).fill(name)
  await picker.getByRole('button', { name: `Create '${name}'` }).click()
  await expect(picker).toBeHidden()
  // Its chip, or, when the row already shows two labels, the "+N" that names the rest.
  const labelledRow = row(page, labelled)
  await expect(
    labelledRow
      .getByTestId('label-chip')
      .filter({ hasText: name })
      .or(labelledRow.locator(`[title*="${name}"]`)),
  ).toBeVisible()

  // The label in the sidebar's tree opens its view, which holds the conversation.
  const labelLink = page.getByRole('tree', { name: 'Labels' }).getByRole('link', { name })
  await labelLink.click()
  await expect(page).toHaveURL(/\/app\/label\/[\w-]+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(row(page, labelled)).toBeVisible({ timeout: 30_000 })

  // Two conversations ticked with `x`, archived from the selection bar, then Undo.
  await goToInbox(page)
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  const first = await idAt(page, 0)
  const second = await idAt(page, 1)
  const bar = page.getByRole('toolbar', { name: 'Selected conversations' })
  await expect(bar).toContainText('2 selected')
  await expect(row(page, first).getByRole('checkbox')).toBeChecked()
  await bar.getByRole('button', { name: 'Archive' }).click()
  await expect(row(page, first)).toHaveCount(0)
  await expect(row(page, second)).toHaveCount(0)
  await expect(bar).toBeHidden()
  await expect(page.getByText('2 conversations archived', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(row(page, first)).toBeVisible({ timeout: 30_000 })
  await expect(row(page, second)).toBeVisible({ timeout: 30_000 })

  // `b` on the conversation under the cursor: Tomorrow. It leaves the inbox for Snoozed.
  await goToInbox(page)
  await page.keyboard.press('j')
  // The cursor goes on from where it was: the conversation under it is the one snoozed.
  const snoozed = (await page
    .locator('[data-testid="thread-row"][data-active="true"]')
    .getAttribute('data-thread-id'))!
  await page.keyboard.press('b')
  const menu = page.getByRole('menu', { name: 'Snooze until' })
  await menu.getByRole('menuitem', { name: /^Tomorrow/ }).click()
  await expect(page.getByText(/^Snoozed until \w{3}, 8:00 AM$/)).toBeVisible()
  await expect(row(page, snoozed)).toHaveCount(0)
  await sidebar(page)
    .getByRole('link', { name: /^Snoozed/ })
    .click()
  await expect(page).toHaveURL(/\/app\/snoozed$/)
  await expect(row(page, snoozed)).toBeVisible({ timeout: 30_000 })
})
