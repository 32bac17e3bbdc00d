import { expect, test, type Page } from '@playwright/test'
import { signIn, SAM } from './support'

/** The same mailbox open in two places: what one does, the other shows without a reload. */

const rows = (page: Page) => page.getByTestId('thread-row')
const rowById = (page: Page, id: string) =>
  page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`)

async function openInbox(page: Page) {
  await signIn(page, SAM.email)
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })
}

test('a change made on another device shows at once in the open inbox', async ({ browser }) => {
  const laptop = await browser.newPage()
  const phone = await browser.newPage()
  await openInbox(laptop)
  await openInbox(phone)

  const row = rows(laptop).nth(1)
  const id = (await row.getAttribute('data-thread-id'))!
  await expect(rowById(phone, id)).toHaveCount(1)

  // Archived on the phone: the laptop, never reloaded, drops it from its inbox.
  await rowById(phone, id)
    .getByRole('button', { name: /^Quick actions/ })
    .click()
  await phone.getByRole('menuitem', { name: 'Archive' }).click()
  await expect(rowById(phone, id)).toHaveCount(0)
  await expect(rowById(laptop, id)).toHaveCount(0, { timeout: 5_000 })

  await laptop.close()
  await phone.close()
})
