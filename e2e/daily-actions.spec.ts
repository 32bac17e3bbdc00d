import { expect, test, type Page } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { signIn } from './support'

/**
 * Issue 11, point 4: "Mark as unread" sticks, and archive and delete in the open conversation
 * go where the afterArchive setting says (issue 25: back to the list by default, as in Gmail;
 * or the next or the previous conversation), the same from the keyboard, the row menu and the
 * viewer (decision 027).
 */

/** Saves Sam's afterArchive setting as the Settings screen does, then shows the inbox again. */
async function setAfterArchive(page: Page, afterArchive: 'list' | 'next' | 'previous') {
  const saved = await page.request.put('/api/user/settings', {
    data: { afterArchive },
    headers: { origin: E2E_URL },
  })
  expect(saved.status()).toBe(200)
  await page.goto('/app')
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
}

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
  // The action's answer: a reload before it would cancel the request it waits for.
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/gmail/threads/${id}/actions`,
  )
  await page.getByRole('menuitem', { name: 'Mark as unread' }).click()
  await expect.poll(() => openId(page)).toBeNull()
  const row = page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`)
  await expect(row).toHaveAttribute('data-unread', 'true')
  expect((await answered).ok()).toBe(true)

  // Still unread in Gmail, not just on screen.
  await page.reload()
  await expect(row).toHaveAttribute('data-unread', 'true', { timeout: 30_000 })
})

test('by default, archive in the open conversation goes back to the list and reads nothing more', async ({
  page,
}) => {
  test.slow()
  await openInbox(page)
  await setAfterArchive(page, 'list')

  const opened = await idAt(page, 1)
  await rows(page).nth(1).getByRole('button').first().click()
  await expect.poll(() => openId(page)).toBe(opened)
  await expect(page.getByTestId('thread-subject')).toBeVisible()
  const below = await idAt(page, 2)
  const belowUnread = await rows(page).nth(2).getAttribute('data-unread')
  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect.poll(() => openId(page)).toBeNull()
  await expect(page.locator(`[data-thread-id="${opened}"]`)).toHaveCount(0)
  // The row below took its place, with the focus, and was not opened or read.
  const belowRow = page.locator(`[data-testid="thread-row"][data-thread-id="${below}"]`)
  await expect(belowRow.getByRole('button').first()).toBeFocused()
  if (belowUnread) await expect(belowRow).toHaveAttribute('data-unread', 'true')

  // 'previous': `#` opens the conversation above the one deleted.
  await setAfterArchive(page, 'previous')
  const above = await idAt(page, 1)
  await rows(page).nth(2).getByRole('button').first().click()
  await expect(page.getByTestId('thread-subject')).toBeVisible()
  await page.getByTestId('thread-subject').click()
  await page.keyboard.press('#')
  await expect.poll(() => openId(page)).toBe(above)
  await setAfterArchive(page, 'list')
})

test("set to 'next', archive and delete open the next conversation, whichever way they are asked for", async ({
  page,
}) => {
  test.slow()
  await openInbox(page)
  await setAfterArchive(page, 'next')

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
  // Back to the default, so no later journey depends on this one.
  await setAfterArchive(page, 'list')
})
