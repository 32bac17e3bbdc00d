import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support'

/**
 * Issue 11, point 4: "Mark as unread" sticks, and archive and delete open the same next
 * conversation from the keyboard, the row menu and the viewer (decision 027).
 */

const rows = (page: Page) => page.getByTestId('thread-row')
const openId = (page: Page) => new URL(page.url()).searchParams.get('thread')

async function openInbox(page: Page) {
  await signIn(page)
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })
}

const idAt = async (page: Page, index: number) =>
  (await rows(page).nth(index).getAttribute('data-thread-id'))!

test('"Mark as unread" in the open conversation closes it and leaves it unread', async ({
  page,
}) => {
  test.slow()
  await openInbox(page)
  const read = page.locator('[data-testid="thread-row"]:not([data-unread])').first()
  const id = (await read.getAttribute('data-thread-id'))!
  await read.getByRole('button').first().click()
  await expect(page.getByTestId('thread-subject')).toBeVisible()
  expect(openId(page)).toBe(id)

  await page.getByRole('button', { name: 'More', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Mark as unread' }).click()
  await expect.poll(() => openId(page)).toBeNull()
  const row = page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`)
  await expect(row).toHaveAttribute('data-unread', 'true')

  // Still unread in Gmail, not just on screen.
  await page.reload()
  await expect(row).toHaveAttribute('data-unread', 'true', { timeout: 30_000 })
})

test('archive and delete open the next conversation, whichever way they are asked for', async ({
  page,
}) => {
  test.slow()
  await openInbox(page)

  // The viewer's Archive: the conversation below opens in its place.
  await rows(page).nth(1).getByRole('button').first().click()
  const below = await idAt(page, 2)
  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect.poll(() => openId(page)).toBe(below)

  // `#` on the open conversation: the same rule.
  await expect(rows(page).nth(1)).toHaveAttribute('data-thread-id', below)
  let next = await idAt(page, 2)
  await page.getByTestId('thread-subject').click()
  await page.keyboard.press('#')
  await expect.poll(() => openId(page)).toBe(next)

  // The row menu of the open conversation: the same again.
  await expect(rows(page).nth(1)).toHaveAttribute('data-thread-id', next)
  next = await idAt(page, 2)
  const openRow = page.locator(`[data-testid="thread-row"][data-thread-id="${openId(page)}"]`)
  await openRow.getByRole('button', { name: /^Quick actions for / }).click()
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  await expect.poll(() => openId(page)).toBe(next)

  // With nothing open, `e` on the row under the cursor moves the cursor to the one below.
  await page.keyboard.press('Escape')
  await expect.poll(() => openId(page)).toBeNull()
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  const cursor = page.locator('[data-testid="thread-row"][data-active]')
  const cursorId = (await cursor.getAttribute('data-thread-id'))!
  const after = await rows(page).evaluateAll((els, current) => {
    const ids = els.map((el) => el.getAttribute('data-thread-id'))
    return ids[ids.indexOf(current) + 1]
  }, cursorId)
  await page.keyboard.press('e')
  await expect(cursor).toHaveAttribute('data-thread-id', after!)
})
