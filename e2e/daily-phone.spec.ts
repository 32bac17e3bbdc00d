import { expect, test } from '@playwright/test'
import { signIn } from './support'

/**
 * Issue 11, point 7: at phone size (390×844) the menu, the top bar and Compose hold up; and
 * (issue 25) the count and "Syncing…" keep to a line each, and the search box has one ✕.
 */
test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, the Demo badge is in the top bar and clear of the menu, and Send is in view; the inbox header and search box hold up', async ({
  page,
}) => {
  test.slow()
  // The inbox's first page says a sync is running, so "Syncing…" shows beside the count.
  const threads = (url: URL) => url.pathname === '/api/gmail/threads'
  await page.route(threads, async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), syncing: true } })
  })
  await signIn(page)

  // Searching the inbox: "N of M conversations" and "Syncing…" each keep to one line.
  const search = page.getByRole('searchbox', { name: 'Search emails' })
  await search.fill('the')
  const count = page.getByTestId('thread-count')
  await expect(count).toHaveText(/^\d+ of \d+ conversations$/)
  const syncing = page.getByTestId('syncing')
  await expect(syncing).toBeVisible()
  for (const part of [count, syncing]) {
    const lineHeight = await part.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
    expect((await part.boundingBox())!.height, await part.innerText()).toBeLessThan(
      lineHeight * 1.5,
    )
  }
  // Side by side, or "Syncing…" under the count: never over it.
  const c = (await count.boundingBox())!
  const s = (await syncing.boundingBox())!
  expect(s.y >= c.y + c.height - 1 || s.x >= c.x + c.width, 'Syncing… overlaps the count').toBe(
    true,
  )
  // On the narrowest phones (320 px) the count, longer than its header, wraps rather than
  // running under the Refresh button.
  await page.setViewportSize({ width: 320, height: 640 })
  const refresh = page.getByRole('button', { name: 'Refresh' })
  await expect
    .poll(async () => {
      const [box, button] = [await count.boundingBox(), await refresh.boundingBox()]
      return box!.x + box!.width <= button!.x
    }, 'the count runs under Refresh at 320 px')
    .toBe(true)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.unroute(threads)

  // One ✕ in the search box: the app's Clear search, not Chromium's own cancel button too.
  const clear = page.getByRole('button', { name: 'Clear search' })
  await expect(clear).toHaveCount(1)
  await clear.evaluate((el) => ((el as HTMLElement).style.visibility = 'hidden'))
  const shot = () => search.screenshot({ animations: 'disabled', caret: 'hide' })
  // The box at rest first (the page was just resized, and a loaded machine draws late): two
  // shots alike, so the comparison below sees only the style it adds.
  await expect.poll(async () => (await shot()).equals(await shot())).toBe(true)
  const shown = await shot()
  const noNativeCancel = await page.addStyleTag({
    content: 'input[type=search]::-webkit-search-cancel-button { display: none !important }',
  })
  expect(shown.equals(await shot()), "Chromium's ✕ shows in the search box").toBe(true)
  await noNativeCancel.evaluate((el) => (el as Element).remove())
  // Escape empties it, as the ✕ does.
  await search.press('Escape')
  await expect(search).toHaveValue('')

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
